public import IdentityBridge

extension ProviderKind {
    /// The `zendesk-chat` kind.
    public static let zendeskChat: ProviderKind = "zendesk-chat"
}

/// The `zendesk-chat` plugin: Zendesk Chat SDK v2 JWT authentication.
///
/// Settings: `account_key` (secret), `secret` (Chat shared secret), `previous_secrets` (older shared
/// secrets still verified during a rotation, at most ``ZendeskChatLimits/maxPreviousSecrets``),
/// `token_lifetime` (default 5m, at most 7m: a longer lifetime is a configuration error).
public struct ZendeskChatPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `zendesk-chat` kind.
    public var kind: ProviderKind { .zendeskChat }

    /// Reads `account_key`, `secret`, `previous_secrets` and `token_lifetime`.
    public func parseSettings(_ reader: SettingsReader) -> ZendeskChatSettings? {
        let accountKey = reader.secret("account_key")
        let secret = reader.signingSecret("secret")
        let previousSecrets = reader.secrets("previous_secrets", maxCount: ZendeskChatLimits.maxPreviousSecrets) ?? []
        for (index, previous) in previousSecrets.enumerated() where previous.revealedBytes.count < HS256Signer.minimumKeyLength {
            reader.error(
                "entry \(index + 1) of 'previous_secrets' of zendesk-chat provider is \(previous.revealedBytes.count) bytes; an HS256 key must be at least \(HS256Signer.minimumKeyLength) bytes (RFC 7518 §3.2).",
                at: reader.has("previous_secrets") ? "previous_secrets" : "previous_secrets_file")
        }
        let lifetime = reader.duration(
            "token_lifetime", default: ZendeskChatLimits.defaultTokenLifetime, range: 1...ZendeskChatLimits.maxLifetime)
        guard let accountKey, let secret, !reader.hasErrors else { return nil }
        return ZendeskChatSettings(accountKey: accountKey, secret: secret, tokenLifetime: lifetime, previousSecrets: previousSecrets)
    }

    /// Builds the Chat JWT issuer and verifier.
    public func makeIssuer(_ settings: ZendeskChatSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        try ZendeskChatIssuer(settings: settings, provider: instance.reference, clock: context.clock)
    }

    /// Builds the Chat session provider over the instance's ``ZendeskChatSDKPort``.
    public func makeProvider(_ settings: ZendeskChatSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        let port = try port(instance, in: context, as: (any ZendeskChatSDKPort).self, named: "Zendesk Chat SDK port")
        let issuer = try ZendeskChatIssuer(settings: settings, provider: instance.reference, clock: context.clock)
        return ZendeskChatProvider(
            issuer: issuer, accountKey: settings.accountKey, port: port, clock: context.clock, logger: context.logger)
    }
}

extension ZendeskChatPlugin: VendorEventMapping {
    /// Maps the SDK's `Chat.NotificationAuthenticationFailed` (data `{"error": "<AuthenticationError>"}`)
    /// to `authentication_failed` then `fell_back_to_anonymous`; any other name passes through as `vendor_event`.
    public func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
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
public enum ZendeskChatVendorEvents {
    /// `Chat.NotificationAuthenticationFailed`, posted with an `AuthenticationError`.
    public static let authenticationFailed = "Chat.NotificationAuthenticationFailed"
}
