internal import Yams

/// Collects diagnostics while a configuration is read, and the files it read (see ``ConfigurationInputs``).
final class DiagnosticCollector {
    let file: String
    var diagnostics: [ConfigDiagnostic] = []
    /// Secrets that resolved from the default of a `${VAR:-default}` reference.
    var developmentSecrets: [DevelopmentSecret] = []
    /// Every file read (or tried), and one digest over all their contents.
    var inputs = ConfigurationInputs()
    init(file: String) { self.file = file }

    /// The most problems reported for one file; a file that breaks more is not worth reading further.
    static let maxDiagnostics = 200

    func report(_ message: String, at mark: Mark?) {
        guard diagnostics.count <= Self.maxDiagnostics else { return }
        let text =
            diagnostics.count == Self.maxDiagnostics
            ? "too many problems; only the first \(Self.maxDiagnostics) are reported." : message
        diagnostics.append(ConfigDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: text))
    }
}

/// A duration written as seconds (`300`) or with a unit (`90s`, `5m`, `1h`, `2d`).
public struct ConfigDuration: Hashable, Sendable {
    /// The duration in whole seconds.
    public var seconds: Int64
    /// Creates a duration.
    public init(seconds: Int64) { self.seconds = seconds }

    /// Parses `300`, `90s`, `5m`, `1h` or `2d`; `nil` when not a duration.
    public static func parse(_ text: String) -> ConfigDuration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last else { return nil }
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = units[last], let value = Int64(trimmed.dropLast()), value >= 0 {
            let (product, overflow) = value.multipliedReportingOverflow(by: unit)
            return overflow ? nil : ConfigDuration(seconds: product)
        }
        if let value = Int64(trimmed), value >= 0 { return ConfigDuration(seconds: value) }
        return nil
    }

    /// `5m`, `1h`, `90s`: the shortest exact spelling.
    public var description: String {
        if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}

/// Reads one YAML mapping of settings for a plugin, reporting every problem with its line and
/// column. Keys a plugin never reads are reported as unknown when the loader finishes.
///
/// ```swift
/// func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)? {
///     let secret = reader.secret("secret")
///     let lifetime = reader.duration("token_lifetime", default: 300, range: 1...420)
///     guard let secret, let lifetime else { return nil }
///     return MySettings(secret: secret, lifetime: lifetime)
/// }
/// ```
public final class SettingsReader {
    private let node: Node
    private let collector: DiagnosticCollector
    private let environment: ConfigEnvironment
    private let baseDirectory: String
    /// Where these settings sit, e.g. `apps.demo.providers[0]`.
    public let path: String
    /// The instance's kind.
    public let kind: ProviderKind
    /// What the settings belong to in messages, e.g. `zendesk-chat provider` or `service of app 'demo'`.
    let subject: String
    /// Whether the last ``expand(_:at:key:)`` used the default of a `${VAR:-default}` reference.
    private var expandedFromDefault = false
    private var readKeys: Set<String> = []
    private var children: [SettingsReader] = []
    private let errorCountAtStart: Int

    init(
        node: Node, path: String, kind: ProviderKind, collector: DiagnosticCollector, environment: ConfigEnvironment,
        baseDirectory: String, reservedKeys: Set<String> = [], subject: String? = nil
    ) {
        self.node = node
        self.path = path
        self.kind = kind
        self.subject = subject ?? "\(kind) provider"
        self.collector = collector
        self.environment = environment
        self.baseDirectory = baseDirectory
        self.readKeys = reservedKeys
        self.errorCountAtStart = collector.diagnostics.count
    }

    /// Whether any problem was reported while reading these settings.
    public var hasErrors: Bool { collector.diagnostics.count > errorCountAtStart }

    private func pairs() -> [(key: Node, value: Node)] {
        guard let mapping = node.mapping else { return [] }
        return mapping.map { ($0.key, $0.value) }
    }

    private func value(_ key: String) -> Node? {
        readKeys.insert(key)
        return pairs().first { $0.key.string == key }?.value
    }

    private func keyMark(_ key: String) -> Mark? { pairs().first { $0.key.string == key }?.key.mark ?? node.mark }

    /// Whether the key is present (marks it as known).
    public func has(_ key: String) -> Bool { value(key) != nil }

    /// Reports a problem at `key` (or at the mapping when the key is absent).
    public func error(_ message: String, at key: String? = nil) {
        let mark = key.flatMap { k in pairs().first { $0.key.string == k }?.value.mark } ?? node.mark
        collector.report(message, at: mark)
    }

    private func describe(_ key: String) -> String { "'\(key)' of \(subject)" }

    private func scalarText(_ key: String, _ node: Node) -> String? {
        guard case .scalar(let scalar) = node else {
            collector.report("\(describe(key)) must be a single value, not a \(node.mapping != nil ? "mapping" : "list").", at: node.mark)
            return nil
        }
        return scalar.string
    }

    /// A string setting, with `${VAR}` and `${VAR:-default}` references expanded.
    public func string(_ key: String, required: Bool = false, default defaultValue: String? = nil) -> String? {
        guard let node = value(key) else {
            if required { collector.report("\(subject) is missing required setting '\(key)'.", at: self.node.mark) }
            return defaultValue
        }
        guard let raw = scalarText(key, node) else { return nil }
        if case .scalar(let scalar) = node, scalar.style == .plain, node.null != nil {
            collector.report("\(describe(key)) must be a string, not null.", at: node.mark)
            return nil
        }
        return expand(raw, at: node.mark, key: key)
    }

    /// A scalar setting quoted for a message as the file writes it: its `${VAR}` references are not
    /// expanded (a variable may hold a secret) and it is cut to `ConfigDiagnostic/maxQuotedCharacters`.
    /// `nil` when the setting is absent or not a scalar.
    public func quotedAsWritten(_ key: String) -> String? {
        guard let node = value(key), case .scalar(let scalar) = node else { return nil }
        return ConfigDiagnostic.quoted(scalar.string)
    }

    /// Expands `${VAR}` / `${VAR:-default}`; reports a missing variable by name.
    func expand(_ text: String, at mark: Mark?, key: String) -> String? {
        expandedFromDefault = false
        guard text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                collector.report("\(describe(key)) has an unterminated '${' reference.", at: mark)
                return nil
            }
            let body = rest[start.upperBound..<end]
            let name: Substring
            var fallback: Substring?
            if let sep = body.range(of: ":-") {
                name = body[..<sep.lowerBound]
                fallback = body[sep.upperBound...]
            } else {
                name = body
            }
            guard !name.isEmpty, name.allSatisfy(Self.isVariableNameCharacter) else {
                collector.report(Self.invalidReference(body, setting: describe(key)), at: mark)
                return nil
            }
            if let value = environment.variables[String(name)], !(fallback != nil && value.isEmpty) {
                result += value
            } else if let fallback {
                result += fallback
                expandedFromDefault = true
            } else if let placeholder = environment.unsetVariable {
                result += placeholder(String(name))
            } else {
                collector.report("environment variable \(ConfigDiagnostic.quoted(name)) is not set (needed by \(describe(key))).", at: mark)
                return nil
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func isVariableNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    /// Why a `${...}` body is not `NAME` or `NAME:-default`. Only the name's valid prefix is
    /// repeated, never what follows it: a mistyped default (`${VAR-secret}`, `${VAR:=secret}`,
    /// `${VAR:?secret}`) may be a (development) secret.
    static func invalidReference(_ body: Substring, setting: String) -> String {
        let name = body.prefix(while: isVariableNameCharacter)
        let supported = "the supported forms are '${VAR}' and '${VAR:-default}' (names use ASCII letters, digits and '_')"
        guard !name.isEmpty else { return "\(setting) has a '${...}' reference without a variable name; \(supported)." }
        return "\(setting) has a '${...}' reference to \(ConfigDiagnostic.quoted(name)) followed by unsupported syntax; \(supported)."
    }

    /// A secret: `KEY: ${VAR}` / `${VAR:-dev-default}` or `KEY_file: path`. A literal secret in
    /// the YAML is refused: secrets come from the environment or a file.
    public func secret(_ key: String, required: Bool = true) -> Secret? {
        let fileKey = key + "_file"
        guard let (inline, file) = secretForms(key, fileKey: fileKey) else { return nil }
        if let file {
            guard let path = pathSetting(fileKey, file) else { return nil }
            do {
                let contents = try readInput(path.resolved)
                let trimmed = contents.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else {
                    collector.report(
                        "secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key)) is empty.", at: file.mark)
                    return nil
                }
                return Secret(trimmed)
            } catch {
                collector.report(
                    "cannot read secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key))\(Self.reason(error)).",
                    at: file.mark)
                return nil
            }
        }
        guard let inline else {
            if required {
                collector.report(
                    "\(subject) is missing required secret '\(key)' (set '\(key): ${VAR}' or '\(fileKey): PATH').", at: node.mark)
            }
            return nil
        }
        guard let raw = scalarText(key, inline) else { return nil }
        if raw.isEmpty || inline.null != nil {
            collector.report("\(describe(key)) is empty; set '\(key): ${VAR}' or '\(fileKey): PATH'.", at: inline.mark)
            return nil
        }
        guard raw.contains("${") else {
            collector.report(
                "\(describe(key)) is a literal secret; reference an environment variable ('${VAR}') or use '\(fileKey)'.", at: inline.mark)
            return nil
        }
        guard let text = expand(raw, at: inline.mark, key: key) else { return nil }
        guard !text.isEmpty else {
            collector.report("\(describe(key)) is empty.", at: inline.mark)
            return nil
        }
        noteDevelopmentDefault("\(path).\(key)", at: inline.mark)
        return Secret(text)
    }

    /// A secret that keys HS256 JSON Web Tokens: a ``secret(_:required:)`` of at least
    /// `HS256Signer/minimumKeyLength` bytes (RFC 7518 §3.2). A shorter one is a configuration
    /// error naming the setting; the message gives the length, never the secret.
    public func signingSecret(_ key: String, required: Bool = true) -> Secret? {
        guard let secret = secret(key, required: required) else { return nil }
        let length = secret.revealedBytes.count
        guard length >= HS256Signer.minimumKeyLength else {
            let at = value(key) != nil ? key : key + "_file"
            error(
                "\(describe(key)) is \(length) bytes; an HS256 key must be at least \(HS256Signer.minimumKeyLength) bytes (RFC 7518 §3.2). "
                    + "Use a random secret such as the output of 'openssl rand -base64 32'.", at: at)
            return nil
        }
        return secret
    }

    /// A list of secrets (for key rotation): `KEY: [${VAR}, ...]`, each entry written as `${VAR}` or
    /// `${VAR:-dev-default}`, or `KEY_file: PATH`, one secret per non-empty line of the file (read as
    /// single `*_file:` secrets are: bounded, symbolic links followed, each line trimmed), so a list
    /// can rotate in place. Returns `nil` when both keys are absent (or `required` and absent, reported).
    ///
    /// Both forms say the same: an empty file (or one of blank lines only) is the empty list, as
    /// `KEY: []` is, so finishing a rotation by emptying `previous_secrets_file` removes the retired
    /// secret. A list that must hold secrets passes `minCount` (`api_keys`: 1): fewer is an error, in
    /// either form, naming the setting (and the file).
    public func secrets(_ key: String, required: Bool = false, minCount: Int = 0, maxCount: Int = .max) -> [Secret]? {
        let fileKey = key + "_file"
        guard let (listed, file) = secretForms(key, fileKey: fileKey) else { return nil }
        if let file { return secretLines(key, fileKey: fileKey, file, minCount: minCount, maxCount: maxCount) }
        guard let node = listed else {
            if required {
                collector.report(
                    "\(subject) is missing required secret list '\(key)' (set '\(key): [${VAR}, ...]' or '\(fileKey): PATH').",
                    at: self.node.mark)
            }
            return nil
        }
        guard case .sequence(let sequence) = node else {
            collector.report("\(describe(key)) must be a list of '${VAR}' references (or use '\(fileKey): PATH').", at: node.mark)
            return nil
        }
        if sequence.count > maxCount {
            collector.report("\(describe(key)) has \(sequence.count) entries; at most \(maxCount) are allowed.", at: node.mark)
            return nil
        }
        if sequence.count < minCount {
            collector.report("\(describe(key)) must list at least \(Self.count(minCount, "secret")).", at: node.mark)
            return nil
        }
        var result: [Secret] = []
        for element in sequence {
            guard let raw = scalarText(key, element) else { continue }
            guard raw.contains("${") else {
                collector.report(
                    "an entry of \(describe(key)) is a literal secret; reference an environment variable ('${VAR}') or use '\(fileKey)'.",
                    at: element.mark)
                continue
            }
            guard let text = expand(raw, at: element.mark, key: key) else { continue }
            guard !text.isEmpty else {
                collector.report("an entry of \(describe(key)) is empty.", at: element.mark)
                continue
            }
            noteDevelopmentDefault("\(path).\(key)[\(result.count)]", at: element.mark)
            result.append(Secret(text))
        }
        return result
    }

    /// The nodes of `KEY` and `KEY_file` (either may be absent); `nil`, reported, when both are set.
    private func secretForms(_ key: String, fileKey: String) -> (Node?, Node?)? {
        let inline = value(key)
        let file = value(fileKey)
        if inline != nil, file != nil {
            collector.report("\(subject) sets both '\(key)' and '\(fileKey)'; keep one.", at: keyMark(fileKey))
            return nil
        }
        return (inline, file)
    }

    /// `KEY_file: PATH`: one secret per non-empty line (trimmed), at least `minCount` (an empty file
    /// is the empty list where none is allowed) and at most `maxCount`.
    /// Messages name the file as written and count lines; they never quote a line.
    private func secretLines(_ key: String, fileKey: String, _ file: Node, minCount: Int, maxCount: Int) -> [Secret]? {
        guard let path = pathSetting(fileKey, file) else { return nil }
        let contents: String
        do {
            contents = try readInput(path.resolved)
        } catch {
            collector.report(
                "cannot read secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key))\(Self.reason(error)).",
                at: file.mark)
            return nil
        }
        let secrets = contents.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard secrets.count >= minCount else {
            collector.report(
                "secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key)) "
                    + (secrets.isEmpty
                        ? "is empty; write one secret per line (at least \(Self.count(minCount, "secret")))."
                        : "has \(Self.count(secrets.count, "secret")); at least \(minCount) are required."),
                at: file.mark)
            return nil
        }
        guard secrets.count <= maxCount else {
            collector.report(
                "secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key)) has \(secrets.count) secrets; at most \(maxCount) are allowed.",
                at: file.mark)
            return nil
        }
        return secrets.map { Secret($0) }
    }

    /// Reads a file through the environment and records it as an input of the configuration (tried
    /// files too: a file that is missing now is watched for when it appears).
    private func readInput(_ resolved: String) throws -> String {
        do {
            let contents = try environment.readFile(resolved)
            collector.inputs.note(path: resolved, contents: contents)
            return contents
        } catch {
            collector.inputs.note(path: resolved, contents: nil)
            throw error
        }
    }

    /// Records `setting` as a development secret when the last expansion used a `${VAR:-default}` default.
    private func noteDevelopmentDefault(_ setting: String, at mark: Mark?) {
        guard expandedFromDefault else { return }
        collector.developmentSecrets.append(
            DevelopmentSecret(setting: setting, file: collector.file, line: mark?.line ?? 1, column: mark?.column ?? 1))
    }

    /// A text file named by a path setting (relative to the configuration file's folder), read
    /// through the environment (regular files only, at most `ConfigEnvironment/maxSecretFileSize`).
    /// Returns the path as written and the file's contents; problems are reported at the setting.
    public func file(_ key: String, required: Bool = false) -> (path: String, contents: String)? {
        guard let node = value(key) else {
            if required { collector.report("\(subject) is missing required file setting '\(key)'.", at: self.node.mark) }
            return nil
        }
        guard let path = pathSetting(key, node) else { return nil }
        do {
            return (path.written, try readInput(path.resolved))
        } catch {
            collector.report(
                "cannot read file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key))\(Self.reason(error)).", at: node.mark)
            return nil
        }
    }

    /// A path setting: as written, with its references expanded and resolved against the
    /// configuration's folder. Diagnostics quote it as written, never expanded: a `${VAR}` in a path
    /// may hold anything, a secret included, and a message never repeats a variable's value.
    private func pathSetting(_ key: String, _ node: Node) -> (written: String, resolved: String)? {
        guard let written = scalarText(key, node) else { return nil }
        guard let expanded = expand(written, at: node.mark, key: key) else { return nil }
        guard !expanded.isEmpty else {
            collector.report("\(describe(key)) must be a file path, not empty.", at: node.mark)
            return nil
        }
        let resolved = expanded.hasPrefix("/") ? expanded : baseDirectory + "/" + expanded
        return (written, resolved)
    }

    /// `1 secret`, `2 secrets`.
    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The `: reason` a ``SecretFileError`` gives for a file that cannot be read (nothing for another error).
    private static func reason(_ error: any Error) -> String {
        (error as? SecretFileError).map { ": \($0.description)" } ?? ""
    }

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

    /// Reports keys nobody read, here and in every child reader.
    func reportUnknownKeys() {
        for pair in pairs() {
            guard let key = pair.key.string else { continue }
            if !readKeys.contains(key) {
                let known = readKeys.sorted().joined(separator: ", ")
                collector.report("unknown setting \(ConfigDiagnostic.quoted(key)) for \(subject) (known: \(known)).", at: pair.key.mark)
            }
        }
        for child in children { child.reportUnknownKeys() }
    }
}

extension Node {
    var typeName: String {
        switch self {
        case .mapping: "mapping"
        case .sequence: "list"
        case .scalar: "scalar"
        case .alias: "alias"
        }
    }
}
