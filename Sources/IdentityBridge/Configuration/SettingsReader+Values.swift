internal import Yams

/// Typed values: mappings, lists, booleans, numbers, durations, byte sizes, choices and strings.
extension SettingsReader {
    /// A nested mapping, read by its own reader (unknown keys reported there too).
    public func mapping(_ key: String, required: Bool = false) -> SettingsReader? {
        guard let node = value(key) else {
            if required { collector.report("\(subject) is missing required mapping '\(key)'.", at: self.node.mark) }
            return nil
        }
        guard node.mapping != nil else {
            collector.report("\(describe(key)) must be a mapping.", at: node.mark)
            return nil
        }
        let child = SettingsReader(
            node: node, path: "\(path).\(key)", kind: kind, collector: collector,
            environment: environment, baseDirectory: baseDirectory, subject: subject)
        children.append(child)
        return child
    }

    /// A boolean setting (`true`/`false`).
    public func bool(_ key: String, default defaultValue: Bool) -> Bool {
        guard let node = value(key) else { return defaultValue }
        guard case .scalar = node, let bool = node.bool, ["true", "false"].contains(node.string?.lowercased() ?? "") else {
            collector.report(
                "\(describe(key)) must be true or false, not \(ConfigDiagnostic.quoted(node.string ?? node.typeName)).", at: node.mark)
            return defaultValue
        }
        return bool
    }

    /// An integer setting within `range`.
    public func int(_ key: String, default defaultValue: Int, range: ClosedRange<Int>) -> Int {
        guard let node = value(key) else { return defaultValue }
        guard case .scalar = node, let int = node.int else {
            collector.report(
                "\(describe(key)) must be an integer, not \(ConfigDiagnostic.quoted(node.string ?? node.typeName)).", at: node.mark)
            return defaultValue
        }
        guard range.contains(int) else {
            collector.report("\(describe(key)) is \(int); it must be between \(range.lowerBound) and \(range.upperBound).", at: node.mark)
            return defaultValue
        }
        return int
    }

    /// A duration in seconds (`300`, `90s`, `5m`, `1h`) within `range` seconds.
    public func duration(_ key: String, default defaultValue: Int64, range: ClosedRange<Int64>) -> Int64 {
        guard let node = value(key) else { return defaultValue }
        guard let text = scalarText(key, node) else { return defaultValue }
        guard let duration = ConfigDuration.parse(text) else {
            collector.report(
                "\(describe(key)) must be a duration such as 300, 90s, 5m or 1h, not \(ConfigDiagnostic.quoted(text)).", at: node.mark)
            return defaultValue
        }
        guard range.contains(duration.seconds) else {
            let low = ConfigDuration(seconds: range.lowerBound).description
            let high = ConfigDuration(seconds: range.upperBound).description
            collector.report(
                "\(describe(key)) is \(ConfigDiagnostic.quoted(text)) (\(duration.seconds)s); it must be between \(low) and \(high).",
                at: node.mark)
            return defaultValue
        }
        return duration.seconds
    }

    /// A size in bytes (`65536`, `64KiB`, `1MiB`; see `ConfigByteSize`) within `range`. Like every
    /// typed setting it is read as written: a `${VAR}` is not expanded, so no message repeats a value.
    public func byteSize(_ key: String, default defaultValue: Int, range: ClosedRange<Int>) -> Int {
        guard let node = value(key) else { return defaultValue }
        guard let text = scalarText(key, node) else { return defaultValue }
        guard let size = ConfigByteSize.parse(text), range.contains(size) else {
            collector.report(
                "\(describe(key)) is \(ConfigDiagnostic.quoted(text)); it must be a size from \(ConfigByteSize.describe(range.lowerBound)) to \(ConfigByteSize.describe(range.upperBound)) such as 65536 or 64KiB.",
                at: node.mark)
            return defaultValue
        }
        return size
    }

    /// One of `choices`.
    public func choice(_ key: String, _ choices: [String], default defaultValue: String?) -> String? {
        guard let node = value(key) else {
            if defaultValue == nil {
                collector.report(
                    "\(subject) is missing required setting '\(key)' (one of: \(choices.joined(separator: ", "))).",
                    at: self.node.mark)
            }
            return defaultValue
        }
        guard let text = scalarText(key, node) else { return nil }
        guard choices.contains(text) else {
            collector.report(
                "\(describe(key)) is \(ConfigDiagnostic.quoted(text)); it must be one of: \(choices.joined(separator: ", ")).",
                at: node.mark)
            return nil
        }
        return text
    }

    /// A string, or a list of 1 to `maxCount` strings (`audience: app` or `audience: [app, web]`), each
    /// non-empty, with `${VAR}` references expanded; `nil` when absent or wrong (reported at its line).
    public func strings(_ key: String, maxCount: Int) -> [String]? {
        guard let node = value(key) else { return nil }
        let elements: [Node]
        switch node {
        case .scalar: elements = [node]
        case .sequence(let sequence): elements = Array(sequence)
        default:
            collector.report("\(describe(key)) must be a value or a list of values, not a mapping.", at: node.mark)
            return nil
        }
        guard (1...maxCount).contains(elements.count) else {
            collector.report("\(describe(key)) has \(elements.count) entries; it must have 1 to \(maxCount).", at: node.mark)
            return nil
        }
        var result: [String] = []
        for element in elements {
            guard let raw = scalarText(key, element), let text = expand(raw, at: element.mark, key: key) else { return nil }
            guard !text.isEmpty else {
                collector.report("an entry of \(describe(key)) is empty.", at: element.mark)
                return nil
            }
            result.append(text)
        }
        return result
    }

    /// A list of mappings, each read by its own reader (unknown keys reported per element).
    public func list(_ key: String, required: Bool = false) -> [SettingsReader]? {
        guard let node = value(key) else {
            if required { collector.report("\(subject) is missing required list '\(key)'.", at: self.node.mark) }
            return nil
        }
        guard case .sequence(let sequence) = node else {
            collector.report("\(describe(key)) must be a list.", at: node.mark)
            return nil
        }
        var readers: [SettingsReader] = []
        for (index, element) in sequence.enumerated() {
            guard element.mapping != nil else {
                collector.report("item \(index + 1) of \(describe(key)) must be a mapping.", at: element.mark)
                continue
            }
            let child = SettingsReader(
                node: element, path: "\(path).\(key)[\(index)]", kind: kind, collector: collector,
                environment: environment, baseDirectory: baseDirectory, subject: subject)
            children.append(child)
            readers.append(child)
        }
        return readers
    }
}
