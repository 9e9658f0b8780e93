package import IdentityBridgeModel

/// Maps raw Chat SDK events into uniform events.
package enum ZendeskChatEventMapper {
    /// Maps the SDK's `Chat.NotificationAuthenticationFailed` (data `{"error": "<AuthenticationError>"}`)
    /// to `authentication_failed` then `fell_back_to_anonymous`; any other name passes through as `vendor_event`.
    package static func map(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        guard name == ZendeskChatVendorEvents.authenticationFailed else {
            return [IdentityEvent(.vendorEvent, provider: provider, payload: .vendor(name: name, data: data), timestamp: timestamp)]
        }
        guard let errorName = data["error"]?.stringValue else {
            throw IdentityError(
                .invalidValueType, field: "error", message: "\(name) needs a string \"error\" naming the AuthenticationError.",
                recovery: "Pass {\"error\": \"invalidAccessToken\"} or another AuthenticationError case.", provider: provider)
        }
        guard let vendorError = ZendeskChatAuthenticationError(rawValue: errorName) else {
            throw IdentityError(
                .invalidValueType, field: "error", message: "\"\(errorName)\" is not a Chat SDK AuthenticationError.",
                recovery: "Use one of: \(ZendeskChatAuthenticationError.allCases.map(\.rawValue).joined(separator: ", ")).",
                provider: provider)
        }
        let error = IdentityError(
            vendorError.uniformCode, vendorCode: vendorError.rawValue, message: vendorError.vendorDescription + ".",
            recovery: "The chat continues as an anonymous session; fix the JWT and authenticate again.", provider: provider)
        return [
            IdentityEvent(.authenticationFailed, provider: provider, payload: .failure(error), timestamp: timestamp),
            IdentityEvent(.fellBackToAnonymous, provider: provider, payload: .none, timestamp: timestamp),
        ]
    }
}

/// Raw event names of the Chat SDK.
package enum ZendeskChatVendorEvents {
    /// `Chat.NotificationAuthenticationFailed`, posted with an `AuthenticationError`.
    package static let authenticationFailed = "Chat.NotificationAuthenticationFailed"
}
