internal import Yams

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
    let node: Node
    let collector: DiagnosticCollector
    let environment: ConfigEnvironment
    let baseDirectory: String
    /// Where these settings sit, e.g. `apps.demo.providers[0]`.
    public let path: String
    /// The instance's kind.
    public let kind: ProviderKind
    /// What the settings belong to in messages, e.g. `zendesk-chat provider` or `service of app 'demo'`.
    let subject: String
    /// Whether the last ``expand(_:at:key:)`` used the default of a `${VAR:-default}` reference.
    var expandedFromDefault = false
    var readKeys: Set<String> = []
    var children: [SettingsReader] = []
    let errorCountAtStart: Int

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

    func pairs() -> [(key: Node, value: Node)] {
        guard let mapping = node.mapping else { return [] }
        return mapping.map { ($0.key, $0.value) }
    }

    func value(_ key: String) -> Node? {
        readKeys.insert(key)
        return pairs().first { $0.key.string == key }?.value
    }

    func keyMark(_ key: String) -> Mark? { pairs().first { $0.key.string == key }?.key.mark ?? node.mark }

    /// Whether the key is present (marks it as known).
    public func has(_ key: String) -> Bool { value(key) != nil }

    /// Reports a problem at `key` (or at the mapping when the key is absent).
    public func error(_ message: String, at key: String? = nil) {
        let mark = key.flatMap { k in pairs().first { $0.key.string == k }?.value.mark } ?? node.mark
        collector.report(message, at: mark)
    }

    func describe(_ key: String) -> String { "'\(key)' of \(subject)" }

    func scalarText(_ key: String, _ node: Node) -> String? {
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

    static func isVariableNameCharacter(_ character: Character) -> Bool {
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
