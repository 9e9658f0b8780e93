public import IdentityBridge

/// The `zendesk-chat` plugin: Zendesk Chat SDK v2 JWT authentication.
///
/// Settings: `account_key` (secret), `secret` (Chat shared secret), `previous_secrets` (older shared
/// secrets still verified during a rotation, at most `ZendeskChatLimits.maxPreviousSecrets`),
/// `token_lifetime` (default 5m, at most 7m: a longer lifetime is a configuration error).
public struct ZendeskChatPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `zendesk-chat` kind.
    public var kind: ProviderKind { .zendeskChat }

    /// Reads `account_key`, `secret`, `previous_secrets` and `token_lifetime`.
    public func parseSettings(_ reader: SettingsReader) -> ZendeskChatSettings? {
        ZendeskChatSettings.parse(reader)
    }

    /// Builds the Chat JWT issuer and verifier.
    public func makeIssuer(_ settings: ZendeskChatSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        try ZendeskChatIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// Builds the Chat session provider over the instance's `ZendeskChatSDKPort`.
    public func makeProvider(_ settings: ZendeskChatSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let port = try port(instance, in: context, as: (any ZendeskChatSDKPort).self, named: "Zendesk Chat SDK port")
        let issuer = try ZendeskChatIssuer(settings: settings, provider: instance.reference, clock: context.clock)
        return ZendeskChatProvider(issuer: issuer, port: port, clock: context.clock, logger: context.logger)
    }
}

extension ZendeskChatPlugin: VendorEventMapping {
    /// Maps the SDK's `Chat.NotificationAuthenticationFailed` (data `{"error": "<AuthenticationError>"}`)
    /// to `authentication_failed` then `fell_back_to_anonymous`; any other name passes through as `vendor_event`.
    public func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        try ZendeskChatEventMapper.map(name: name, data: data, provider: provider, timestamp: timestamp)
    }
}
