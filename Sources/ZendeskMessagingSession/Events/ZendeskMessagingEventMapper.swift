public import IdentityBridgeModel

/// Maps raw Zendesk Messaging SDK events into uniform events.
public enum ZendeskMessagingEventMapper {
    /// Maps raw SDK events: `authenticationFailed` (`{"code", "message", "http_status"}`; a message
    /// containing "The JWT has expired" means `expiredJWT`), `unreadMessageCountChanged`
    /// (`{"currentUnreadCount": n}`); any other name passes through as `vendor_event`.
    public static func map(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
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
