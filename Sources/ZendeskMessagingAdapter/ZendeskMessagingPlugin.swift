public import IdentityBridge

extension ProviderKind {
    /// The `zendesk-messaging` kind.
    public static let zendeskMessaging: ProviderKind = "zendesk-messaging"
}

/// The `zendesk-messaging` plugin: Zendesk Messaging SDK user authentication (`loginUser` with an
/// HS256 JWT signed by one of up to 10 signing keys, `logoutUser`, expiry, merges).
///
/// ```swift
/// var registry = ProviderRegistry()
/// registry.register(ZendeskMessagingPlugin())
/// ```
public struct ZendeskMessagingPlugin: ProviderPlugin, VendorEventMapping {
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
        ZendeskMessagingIssuer(settings: settings, clock: context.clock, provider: instance.reference)
    }

    /// The session provider over the context's ``ZendeskMessagingSDKPort``; `configuration_invalid`
    /// when the context supplies no such port.
    public func makeProvider(_ settings: ZendeskMessagingSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let issuer = ZendeskMessagingIssuer(settings: settings, clock: context.clock, provider: instance.reference)
        let port = try port(instance, in: context, as: (any ZendeskMessagingSDKPort).self, named: "Zendesk Messaging SDK port")
        return ZendeskMessagingProvider(issuer: issuer, port: port, clock: context.clock, logger: context.logger)
    }

    /// Maps raw SDK events: `authenticationFailed` (`{"code", "message", "http_status"}`; a message
    /// containing "The JWT has expired" means `expiredJWT`), `unreadMessageCountChanged`
    /// (`{"currentUnreadCount": n}`); any other name passes through as `vendor_event`.
    public func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        switch name {
        case "authenticationFailed":
            guard let object = data.objectValue else { throw Self.badData(name, "an object with code and message", data, provider) }
            let message = object["message"]?.stringValue ?? "Authentication failed."
            var code = object["code"]?.stringValue ?? ZendeskMessagingVendorCode.unauthorized
            if object["code"] == nil, message.contains(ZendeskMessagingVendorCode.expiredJWTMessage) {
                code = ZendeskMessagingVendorCode.expiredJWT
            }
            let status = object["http_status"]?.intValue.map { Int($0) } ?? 401
            let failure = ZendeskMessagingSDKError(code: code, message: message, httpStatus: status, field: object["field"]?.stringValue)
            return ZendeskMessagingSDKEvent.authenticationFailed(failure).uniformEvents(provider: provider, timestamp: timestamp)
        case "unreadMessageCountChanged":
            guard let count = data["currentUnreadCount"]?.intValue, count >= 0, count <= Int64(Int32.max) else {
                throw Self.badData(name, "{\"currentUnreadCount\": a non-negative integer}", data, provider)
            }
            return ZendeskMessagingSDKEvent.unreadMessageCountChanged(Int(count)).uniformEvents(provider: provider, timestamp: timestamp)
        default:
            return [IdentityEvent(.vendorEvent, provider: provider, payload: .vendor(name: name, data: data), timestamp: timestamp)]
        }
    }

    static func badData(_ name: String, _ expected: String, _ data: JSONValue, _ provider: ProviderReference) -> IdentityError {
        IdentityError(
            .invalidValueType, field: name, message: "The \(name) event data is \(data.typeNameWithArticle); expected \(expected).",
            recovery: "Pass the event data as the SDK delivers it.", provider: provider)
    }
}
