/// The name under which a provider plugin is registered and configured (`kind:` in YAML).
///
/// The core defines no kinds: each adapter module adds its own, for example
/// `extension ProviderKind { public static let helpshift: ProviderKind = "helpshift" }`.
public struct ProviderKind: RawRepresentable, Hashable, Sendable, Comparable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The kind as written in configuration, e.g. `zendesk-chat`.
    public let rawValue: String

    /// Creates a kind from its configuration spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The configuration spelling.
    public var description: String { rawValue }

    /// Orders kinds by their spelling.
    public static func < (lhs: ProviderKind, rhs: ProviderKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Names one configured provider instance: its kind and its instance name.
public struct ProviderReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The plugin kind, e.g. `helpshift`.
    public var kind: ProviderKind
    /// The instance name, which defaults to the kind in configuration.
    public var name: String

    /// Creates a reference; `name` defaults to the kind's spelling.
    public init(kind: ProviderKind, name: String? = nil) {
        self.kind = kind
        self.name = name ?? kind.rawValue
    }

    /// `name (kind)`, or just the kind when both are the same.
    public var description: String { name == kind.rawValue ? name : "\(name) (\(kind))" }
}
