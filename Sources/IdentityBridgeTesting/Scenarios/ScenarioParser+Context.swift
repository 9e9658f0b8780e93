import IdentityBridge
import Yams

/// The state of one parse: the file and the diagnostics found so far.
final class ParseContext {
    let file: String
    var diagnostics: [ConfigDiagnostic] = []
    var references: [StepReference] = []
    var previousStepNeeds: [StepReference] = []

    init(file: String) { self.file = file }

    func report(_ message: String, at node: Node?) { report(message, atMark: node?.mark) }

    func report(_ message: String, atMark mark: Mark?) {
        diagnostics.append(ConfigDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    func location(_ node: Node?) -> ScenarioLocation {
        ScenarioLocation(line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1)
    }

    // MARK: Node helpers

    /// The mapping's pairs; reports duplicate keys and keys outside `allowed`.
    func pairs(_ node: Node, allowed: [String], what: String) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { return [] }
        var seen: Set<String> = []
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for (key, value) in mapping {
            guard case .scalar = key, let name = key.string else {
                report("\(what) keys must be plain strings.", at: key)
                continue
            }
            if !seen.insert(name).inserted {
                report("duplicate key \(ConfigDiagnostic.quoted(name)) in \(what).", at: key)
                continue
            }
            if !allowed.isEmpty, !allowed.contains(name) {
                report("unknown key \(ConfigDiagnostic.quoted(name)) in \(what) (known: \(allowed.joined(separator: ", "))).", at: key)
                continue
            }
            result.append((name, key, value))
        }
        return result
    }

    func isNull(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain, node.null != nil { return true }
        return false
    }

    /// A non-empty string scalar, or a report.
    func string(_ node: Node, what: String, allowEmpty: Bool = false) -> String? {
        guard case .scalar = node, !isNull(node), let text = node.string else {
            report("\(what) must be a string.", at: node)
            return nil
        }
        if !allowEmpty, text.isEmpty {
            report("\(what) must not be empty.", at: node)
            return nil
        }
        return text
    }

    /// An optional string: `null` gives `.some(nil)`.
    func optionalString(_ node: Node, what: String) -> String?? {
        if isNull(node) { return .some(nil) }
        guard let text = string(node, what: what, allowEmpty: true) else { return nil }
        return .some(text)
    }

    func bool(_ node: Node, what: String) -> Bool? {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = node.bool,
            ["true", "false"].contains(node.string?.lowercased() ?? "")
        else {
            report("\(what) must be true or false.", at: node)
            return nil
        }
        return value
    }

    func count(_ node: Node, what: String) -> Int? {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = node.int, value >= 0 else {
            report("\(what) must be a whole number, 0 or more.", at: node)
            return nil
        }
        return value
    }

    func duration(_ node: Node, what: String) -> Int64? {
        guard case .scalar = node, let text = node.string, let duration = ConfigDuration.parse(text), duration.seconds > 0 else {
            report("\(what) must be a positive duration such as 90s, 10m, 1h or 2d.", at: node)
            return nil
        }
        return duration.seconds
    }

    /// Any YAML value as JSON (plain scalars typed by YAML's rules, quoted ones as strings).
    func json(_ node: Node) -> JSONValue? {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if node.null != nil { return .null }
                if let bool = node.bool { return .bool(bool) }
                if let int = node.int { return .int(Int64(int)) }
                if let double = node.float, double.isFinite { return .double(double) }
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            var values: [JSONValue] = []
            for element in sequence {
                guard let value = json(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping {
                guard case .scalar = key, let name = key.string else {
                    report("mapping keys must be plain strings.", at: key)
                    return nil
                }
                if object[name] != nil {
                    report("duplicate key \(ConfigDiagnostic.quoted(name)).", at: key)
                    return nil
                }
                guard let converted = json(value) else { return nil }
                object[name] = converted
            }
            return .object(object)
        case .alias:
            report("YAML aliases are not supported in scenarios.", at: node)
            return nil
        }
    }

    /// `{}` or nothing for steps without arguments.
    func noArguments(_ node: Node, keyword: String) {
        if isNull(node) { return }
        if let mapping = node.mapping, mapping.isEmpty { return }
        report("'\(keyword)' takes no arguments; write '\(keyword): {}'.", at: node)
    }
}
