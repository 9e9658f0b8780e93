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
    public func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)? {
        ZendeskMessagingSettings.parse(reader)
    }

    /// The instance's JWT issuer and verifier.
    public func makeIssuer(_ instance: ProviderInstanceConfiguration, clock: any IdentityClock) throws(IdentityError) -> any CredentialIssuer {
        try messagingIssuer(instance, clock: clock)
    }

    /// The typed issuer for an instance.
    public func messagingIssuer(_ instance: ProviderInstanceConfiguration, clock: any IdentityClock) throws(IdentityError) -> ZendeskMessagingIssuer {
        ZendeskMessagingIssuer(settings: try settings(instance, as: ZendeskMessagingSettings.self), clock: clock, provider: instance.reference)
    }

    /// The session provider over the context's ``ZendeskMessagingSDKPort``; `configuration_invalid`
    /// when the context supplies no such port.
    public func makeProvider(_ instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError) -> any IdentityProvider {
        try messagingProvider(instance, context: context)
    }

    /// The typed session provider for an instance.
    public func messagingProvider(_ instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError) -> ZendeskMessagingProvider {
        let issuer = try messagingIssuer(instance, clock: context.clock)
        let port = try port(instance, in: context, as: (any ZendeskMessagingSDKPort).self, named: "Zendesk Messaging SDK port")
        return ZendeskMessagingProvider(issuer: issuer, port: port, clock: context.clock, logger: context.logger)
    }

    /// Maps raw SDK events: `authenticationFailed` (`{"code", "message", "http_status"}`; a message
    /// containing "The JWT has expired" means `expiredJWT`), `unreadMessageCountChanged`
    /// (`{"currentUnreadCount": n}`); any other name passes through as `vendor_event`.
    public func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError) -> [IdentityEvent] {
        switch name {
        case "authenticationFailed":
            guard let object = data.objectValue else { throw Self.badData(name, "an object with code and message", data, provider) }
            let message = object["message"]?.stringValue ?? "Authentication failed."
            var code = object["code"]?.stringValue ?? ZendeskMessagingVendorCode.unauthorized
            if object["code"] == nil, message.contains(ZendeskMessagingVendorCode.expiredJWTMessage) { code = ZendeskMessagingVendorCode.expiredJWT }
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
        IdentityError(.invalidValueType, field: name, message: "The \(name) event data is \(data.typeNameWithArticle); expected \(expected).",
                      recovery: "Pass the event data as the SDK delivers it.", provider: provider)
    }
}
