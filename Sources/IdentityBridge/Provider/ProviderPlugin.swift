public import Logging

/// Settings of one provider instance, parsed and validated by the plugin that owns the kind.
/// Implementations keep secrets in ``Secret`` so that printing settings shows `<redacted>`.
public protocol ProviderSettings: Sendable {}

/// What a plugin gets to build a provider: the clock, a logger, and the vendor SDK port.
public struct ProviderContext: Sendable {
    /// The clock every issuer, verifier and session uses.
    public var clock: any IdentityClock
    /// Where adapters log warnings (never secrets).
    public var logger: Logger
    /// Supplies the vendor SDK port for an instance (a simulator in tests). Adapters cast the
    /// result to their own port protocol; `nil` means no SDK is attached.
    public var port: @Sendable (ProviderInstanceConfiguration) -> (any Sendable)?

    /// Creates a context.
    public init(
        clock: any IdentityClock = SystemClock(), logger: Logger = Logger(label: "IdentityBridge"),
        port: @escaping @Sendable (ProviderInstanceConfiguration) -> (any Sendable)? = { _ in nil }
    ) {
        self.clock = clock
        self.logger = logger
        self.port = port
    }
}

/// A provider kind: parses its settings and builds its issuer and provider.
///
/// Third-party packages add a kind by conforming to this protocol and registering an instance
/// in a ``ProviderRegistry``; this package needs no change.
public protocol ProviderPlugin: Sendable {
    /// The kind this plugin serves (`kind:` in YAML).
    var kind: ProviderKind { get }

    /// Reads and validates the instance's settings, reporting every problem to `reader`.
    /// Returns `nil` only when problems were reported.
    func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)?

    /// Builds the backend issuer for an instance.
    func makeIssuer(_ instance: ProviderInstanceConfiguration, clock: any IdentityClock) throws(IdentityError) -> any CredentialIssuer

    /// Builds the session provider for an instance.
    func makeProvider(_ instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError) -> any IdentityProvider
}

extension ProviderPlugin {
    /// Casts an instance's settings to the plugin's own type, or throws `configuration_invalid`.
    public func settings<S: ProviderSettings>(_ instance: ProviderInstanceConfiguration, as type: S.Type) throws(IdentityError) -> S {
        guard let settings = instance.settings as? S else {
            throw IdentityError(
                .configurationInvalid, message: "Instance \(instance.reference) was not configured by the \(kind) plugin.",
                recovery: "Load the configuration with the registry that holds the \(kind) plugin.", provider: instance.reference)
        }
        return settings
    }

    /// The SDK port `context` attaches to `instance`, cast to the plugin's port protocol `P`, or
    /// `configuration_invalid` (field `port`) naming the port that is missing. `portName` is how the
    /// message names it, e.g. "Helpshift SDK port".
    public func port<P>(_ instance: ProviderInstanceConfiguration, in context: ProviderContext, as type: P.Type, named portName: String)
        throws(IdentityError) -> P
    {
        guard let port = context.port(instance) as? P else {
            let protocolName = String(describing: P.self).replacingOccurrences(of: "any ", with: "")
            throw IdentityError(
                .configurationInvalid, field: "port",
                message: "No \(portName) is attached for \(instance.reference) of app \(instance.app).",
                recovery: "Give the ProviderContext a port closure that returns a \(protocolName) (the SDK bridge, or the simulator from IdentityBridgeTesting in tests, e.g. via SimulatedVendors).",
                provider: instance.reference)
        }
        return port
    }
}
