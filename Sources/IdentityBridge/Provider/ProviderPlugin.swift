public import CoreMetrics
public import Logging

/// Settings of one provider instance, parsed and validated by the plugin that owns the kind.
/// Implementations keep secrets in `Secret` so that printing settings shows `<redacted>`.
public protocol ProviderSettings: Sendable {}

/// What a plugin gets to build an issuer: the clock, a logger and the metrics factory.
public struct IssuerContext: Sendable {
    /// The clock every issuer and verifier reads.
    public var clock: any IdentityClock
    /// Where issuers log (values in metadata; never a secret, a whole token or a full email).
    public var logger: Logger
    /// Where the issued / refused / verified counters go (default: the bootstrapped `MetricsSystem`).
    public var metrics: any MetricsFactory

    /// Creates a context.
    public init(
        clock: any IdentityClock = SystemClock(), logger: Logger = Logger(label: "IdentityBridge"),
        metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
    }
}

/// What a plugin gets to build a provider: the clock, a logger, the metrics factory and the vendor SDK port.
public struct ProviderContext: Sendable {
    /// The clock every issuer, verifier and session uses.
    public var clock: any IdentityClock
    /// Where adapters log warnings (values in metadata, never secrets).
    public var logger: Logger
    /// Where the issued / refused / verified counters go.
    public var metrics: any MetricsFactory
    /// Supplies the vendor SDK port for an instance (a simulator in tests). Adapters cast the
    /// result to their own port protocol; `nil` means no SDK is attached.
    public var port: @Sendable (ProviderInstanceConfiguration) -> (any Sendable)?

    /// Creates a context.
    public init(
        clock: any IdentityClock = SystemClock(), logger: Logger = Logger(label: "IdentityBridge"),
        metrics: any MetricsFactory = MetricsSystem.factory,
        port: @escaping @Sendable (ProviderInstanceConfiguration) -> (any Sendable)? = { _ in nil }
    ) {
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
        self.port = port
    }

    /// The issuer half of this context (clock, logger, metrics).
    package var issuerContext: IssuerContext { IssuerContext(clock: clock, logger: logger, metrics: metrics) }
}

/// A provider kind: parses its settings and builds its issuer and provider from them.
///
/// The loader keeps each instance's settings together with the plugin that parsed them (see
/// ``ProviderInstanceConfiguration``), so a plugin is always handed its own `Settings` type: no
/// run-time cast, and no registry to pass again after loading.
///
/// Third-party packages add a kind by conforming to this protocol and registering an instance
/// in a ``ProviderRegistry``; this package needs no change.
public protocol ProviderPlugin: Sendable {
    /// The plugin's own settings type.
    associatedtype Settings: ProviderSettings

    /// The kind this plugin serves (`kind:` in YAML).
    var kind: ProviderKind { get }

    /// Reads and validates the instance's settings, reporting every problem to `reader`.
    /// Returns `nil` only when problems were reported.
    func parseSettings(_ reader: SettingsReader) -> Settings?

    /// Builds the backend issuer for an instance.
    func makeIssuer(_ settings: Settings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer

    /// Builds the session provider for an instance.
    func makeProvider(_ settings: Settings, for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError)
        -> any IdentityProvider

    /// Builds the token exchanger (the logic behind a vendor's JWT endpoint), or `nil` when the
    /// kind's vendor calls no endpoint of the customer's. The default is `nil`.
    func makeTokenExchanger(_ settings: Settings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> (any TokenExchanging)?
}

extension ProviderPlugin {
    /// No token exchange: the vendor calls no endpoint of the customer's.
    public func makeTokenExchanger(_ settings: Settings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> (any TokenExchanging)?
    { nil }

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
                recovery:
                    "Give the ProviderContext a port closure that returns a \(protocolName) (the SDK bridge, or the simulator from IdentityBridgeSimulators in tests, e.g. via SimulatedVendors).",
                provider: instance.reference)
        }
        return port
    }

    /// Parses settings for the loader, keeping them together with this plugin.
    func bind(_ reader: SettingsReader) -> (any InstanceBinding)? {
        parseSettings(reader).map { PluginBinding(plugin: self, settings: $0) }
    }
}

/// A plugin together with the settings it parsed: how an instance builds its issuer and provider
/// without a cast.
protocol InstanceBinding: Sendable {
    var plugin: any ProviderPlugin { get }
    var settings: any ProviderSettings { get }
    func makeIssuer(for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError) -> any CredentialIssuer
    func makeProvider(for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError) -> any IdentityProvider
    func makeTokenExchanger(for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> (any TokenExchanging)?
}

struct PluginBinding<Plugin: ProviderPlugin>: InstanceBinding {
    let typedPlugin: Plugin
    let typedSettings: Plugin.Settings

    init(plugin: Plugin, settings: Plugin.Settings) {
        self.typedPlugin = plugin
        self.typedSettings = settings
    }

    var plugin: any ProviderPlugin { typedPlugin }
    var settings: any ProviderSettings { typedSettings }

    func makeIssuer(for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError) -> any CredentialIssuer {
        try typedPlugin.makeIssuer(typedSettings, for: instance, context: context)
    }

    func makeProvider(for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError) -> any IdentityProvider {
        try typedPlugin.makeProvider(typedSettings, for: instance, context: context)
    }

    func makeTokenExchanger(for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> (any TokenExchanging)?
    {
        try typedPlugin.makeTokenExchanger(typedSettings, for: instance, context: context)
    }
}
