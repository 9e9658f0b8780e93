public import IdentityBridge

/// The `zendesk-messaging` plugin: Zendesk Messaging SDK user authentication (`loginUser` with an
/// HS256 JWT signed by one of up to 10 signing keys, `logoutUser`, expiry, merges).
///
/// ```swift
/// var registry = ProviderRegistry()
/// registry.register(ZendeskMessagingPlugin())
/// ```
public struct ZendeskMessagingPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}

    /// The `zendesk-messaging` kind.
    public var kind: ProviderKind { .zendeskMessaging }

    /// Reads `signing_keys` (1 to 10 `{key_id, secret}`), `active_key_id`, `token_lifetime`,
    /// `conversation_mode` and `expiry_warning_margin`.
    public func parseSettings(_ reader: SettingsReader) -> ZendeskMessagingSettings? {
        ZendeskMessagingSettings.parse(reader)
    }

    /// The instance's JWT issuer and verifier.
    public func makeIssuer(_ settings: ZendeskMessagingSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        ZendeskMessagingIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// The session provider over the context's `ZendeskMessagingSDKPort`; `configuration_invalid`
    /// when the context supplies no such port.
    public func makeProvider(_ settings: ZendeskMessagingSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let issuer = ZendeskMessagingIssuer(settings: settings, provider: instance.reference, clock: context.clock)
        let port = try port(instance, in: context, as: (any ZendeskMessagingSDKPort).self, named: "Zendesk Messaging SDK port")
        return ZendeskMessagingProvider(issuer: issuer, port: port, clock: context.clock, logger: context.logger)
    }
}

extension ZendeskMessagingPlugin: VendorEventMapping {
    /// Maps raw SDK events: `authenticationFailed` (`{"code", "message", "http_status"}`; a message
    /// containing "The JWT has expired" means `expiredJWT`), `unreadMessageCountChanged`
    /// (`{"currentUnreadCount": n}`); any other name passes through as `vendor_event`.
    public func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        try ZendeskMessagingEventMapper.map(name: name, data: data, provider: provider, timestamp: timestamp)
    }
}
