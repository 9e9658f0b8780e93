public import IdentityBridge

extension ProviderKind {
    /// The `intercom` kind.
    public static let intercom: ProviderKind = "intercom"
}

/// The `intercom` plugin: parses the Intercom settings and builds the issuer and the session provider.
///
/// Register it next to the standard kinds:
///
/// ```swift
/// var registry = StandardProviders.registry
/// registry.register(IntercomPlugin())
/// let configuration = try ConfigurationLoader(registry: registry).load(path: "identity.yaml")
/// ```
///
/// ```yaml
/// - kind: intercom
///   mode: user_hash            # user_hash | jwt
///   platform: web              # web | ios | android
///   secrets: { web: ${INTERCOM_WEB_SECRET}, ios: ${INTERCOM_IOS_SECRET} }
///   jwt_lifetime: 1h           # jwt mode only
/// ```
public struct IntercomPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}

    /// The `intercom` kind.
    public var kind: ProviderKind { .intercom }

    /// Reads exactly the Intercom keys (see ``IntercomSettings``).
    public func parseSettings(_ reader: SettingsReader) -> IntercomSettings? {
        IntercomSettings.parse(reader)
    }

    /// The ``IntercomIssuer`` of an instance.
    public func makeIssuer(_ settings: IntercomSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        IntercomIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// The ``IntercomProvider`` of an instance, over the context's ``IntercomSDKPort``.
    public func makeProvider(_ settings: IntercomSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let port = try port(instance, in: context, as: (any IntercomSDKPort).self, named: "Intercom SDK port")
        return IntercomProvider(
            issuer: IntercomIssuer(settings: settings, provider: instance.reference, clock: context.clock), port: port,
            clock: context.clock, logger: context.logger)
    }
}
