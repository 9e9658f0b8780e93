public import IdentityBridge

/// Settings of one `zendesk-chat` instance.
///
/// ```yaml
/// - kind: zendesk-chat
///   account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
///   secret: ${ZENDESK_CHAT_SECRET}        # Chat shared secret (Visitor Authentication)
///   previous_secrets: [${ZENDESK_CHAT_OLD_SECRET}]  # still verified during a rotation (or previous_secrets_file)
///   token_lifetime: 5m                    # at most 7m
/// ```
public struct ZendeskChatSettings: ProviderSettings, Hashable {
    /// The Chat account key the SDK is initialized with.
    public var accountKey: Secret
    /// The Chat shared secret that signs the JWT.
    public var secret: Secret
    /// Older shared secrets the verifier still accepts during a rotation (never used to sign).
    package var previousSecrets: [Secret]
    /// Lifetime of minted JWTs in seconds (1 ... `ZendeskChatLimits.maxLifetime`).
    public var tokenLifetime: Int64

    /// Creates settings; the lifetime is not checked here (``ZendeskChatPlugin`` checks it when parsing).
    public init(
        accountKey: Secret, secret: Secret, tokenLifetime: Int64 = ZendeskChatLimits.defaultTokenLifetime, previousSecrets: [Secret] = []
    ) {
        self.accountKey = accountKey
        self.secret = secret
        self.previousSecrets = previousSecrets
        self.tokenLifetime = tokenLifetime
    }
}
