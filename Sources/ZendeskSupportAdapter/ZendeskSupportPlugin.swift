public import IdentityBridge

/// The `zendesk-support` plugin: Zendesk Support SDK anonymous and JWT identities.
///
/// Settings: `auth` (anonymous | jwt, required), `secret` (Zendesk shared secret, required for
/// jwt), `user_token_lifetime` (default 10m), `max_token_age` (default 10m: the oldest `iat` a
/// Zendesk JWT may carry and verify), optional `user_token_secret` (default: derived
/// from `secret` with HKDF-SHA256, see `ZendeskSupportSettings/deriveUserTokenKey(from:)`).
public struct ZendeskSupportPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `zendesk-support` kind.
    public var kind: ProviderKind { .zendeskSupport }

    /// Reads `auth`, `secret`, `user_token_secret`, `user_token_lifetime` and `max_token_age`.
    public func parseSettings(_ reader: SettingsReader) -> ZendeskSupportSettings? {
        ZendeskSupportSettings.parse(reader)
    }

    /// Builds the issuer (user tokens, exchange and verification).
    public func makeIssuer(_ settings: ZendeskSupportSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        try ZendeskSupportIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// Builds the exchanger behind the JWT endpoint Zendesk calls (`auth: jwt`); `nil` for an anonymous app.
    public func makeTokenExchanger(_ settings: ZendeskSupportSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> (any TokenExchanging)?
    {
        guard settings.auth == .jwt else { return nil }
        return try ZendeskSupportIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// Builds the session provider over the instance's `ZendeskSupportSDKPort`.
    public func makeProvider(_ settings: ZendeskSupportSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let port = try port(
            instance, in: context, as: (any ZendeskSupportSDKPort & ZendeskSupportJWTEndpointHost).self,
            named: "Zendesk Support SDK port (with the JWT endpoint host)")
        let issuer = try ZendeskSupportIssuer(settings: settings, provider: instance.reference, clock: context.clock)
        return ZendeskSupportProvider(issuer: issuer, port: port, clock: context.clock, logger: context.logger)
    }
}
