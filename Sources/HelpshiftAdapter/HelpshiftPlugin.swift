public import Foundation
public import IdentityBridge

/// The `helpshift` plugin: parses the Helpshift settings, builds the issuer and the session adapter,
/// and maps raw Helpshift events without a configured instance.
///
/// ```yaml
/// - kind: helpshift
///   identity_verification: true
///   secret: ${HELPSHIFT_SECRET}
///   previous_secrets: [${HELPSHIFT_OLD_SECRET}]
///   digest_input: auto            # auto | user_id | email | user_id_and_email (userId + email, no separator)
///   digest_encoding: hex          # hex | base64 | base64_unpadded
///   full_privacy: false
///   clear_anonymous_user_on_login: false
///   identity_system: false
///   identity_secret: ${HELPSHIFT_IDENTITY_SECRET}   # required when identity_system is true
/// ```
public struct HelpshiftPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `helpshift` kind.
    public var kind: ProviderKind { .helpshift }

    /// Reads exactly the Helpshift keys; `secret` is required, `identity_secret` too when `identity_system` is on.
    public func parseSettings(_ reader: SettingsReader) -> HelpshiftSettings? {
        HelpshiftSettings.parse(reader)
    }

    /// The ``HelpshiftIssuer`` of an instance.
    public func makeIssuer(_ settings: HelpshiftSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        HelpshiftIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// The `HelpshiftProvider` of an instance, over the context's `HelpshiftSDKPort`.
    public func makeProvider(_ settings: HelpshiftSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let port = try port(instance, in: context, as: (any HelpshiftSDKPort).self, named: "Helpshift SDK port")
        let issuer = HelpshiftIssuer(settings: settings, provider: instance.reference, clock: context.clock)
        return HelpshiftProvider(issuer: issuer, port: port, clock: context.clock, logger: context.logger)
    }
}

extension HelpshiftPlugin: VendorEventMapping {
    /// Maps one raw Helpshift event (constant or raw name, either key style) into uniform events.
    public func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        try HelpshiftEventMapper.map(name: name, data: data, provider: provider, timestamp: timestamp)
    }
}
