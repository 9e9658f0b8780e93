public import IdentityBridge

/// How the account shows conversations (an admin setting of the Messaging channel).
public enum ZendeskMessagingConversationMode: String, Hashable, Sendable, CaseIterable {
    /// One conversation per user: an anonymous conversation is combined into it on a merge.
    case single
    /// A list of conversations: an anonymous user's conversations join the list on a merge.
    case multi
}

/// One signing key created in the Zendesk admin center: its id (the JWT header's `kid`) and secret.
public struct ZendeskMessagingSigningKey: Hashable, Sendable, CustomStringConvertible {
    /// The key id, e.g. `app_64ad0b0c...` (written as `kid`).
    public var keyID: String
    /// The shared secret, used as raw UTF-8 bytes.
    public var secret: Secret

    /// Creates a key.
    public init(keyID: String, secret: Secret) {
        self.keyID = keyID
        self.secret = secret
    }

    /// `key_id (secret <redacted>)`.
    public var description: String { "\(keyID) (secret <redacted>)" }
}

/// The validated settings of one `zendesk-messaging` instance.
///
/// ```yaml
/// - kind: zendesk-messaging
///   signing_keys:                 # 1 to 10; the first (or active_key_id) signs, all verify
///     - key_id: ${ZENDESK_MESSAGING_KEY_ID:-app_dev}
///       secret: ${ZENDESK_MESSAGING_SECRET:-dev-secret}
///   active_key_id: app_dev        # optional
///   token_lifetime: 1h            # 1m ... 24h, default 1h
///   conversation_mode: single     # single | multi
///   expiry_warning_margin: 5m     # 0 ... 1h and below token_lifetime, default 5m
///   max_token_lifetime: 24h       # token_lifetime ... 30d, default 24h: a farther exp does not verify
/// ```
public struct ZendeskMessagingSettings: ProviderSettings, Hashable {
    /// Every signing key, in configuration order. All of them verify.
    public let signingKeys: [ZendeskMessagingSigningKey]
    /// The id of the key that signs new tokens.
    public let activeKeyID: String
    /// How long an issued JWT lives (`exp` = now + lifetime), in seconds.
    public let tokenLifetime: Int64
    /// Single- or multi-conversation account.
    package let conversationMode: ZendeskMessagingConversationMode
    /// A JWT expiring within this many seconds is "close to expiry": the adapter warns before login.
    package let expiryWarningMargin: Int64
    /// The farthest a JWT's `exp` may lie after its `iat` (or after now, without `iat`), seconds.
    public let maxTokenLifetime: Int64

    /// Validates and creates settings; `configuration_invalid` naming the setting at fault.
    public init(
        signingKeys: [ZendeskMessagingSigningKey], activeKeyID: String? = nil,
        tokenLifetime: Int64 = ZendeskMessagingLimits.defaultTokenLifetime,
        conversationMode: ZendeskMessagingConversationMode = .single,
        expiryWarningMargin: Int64 = ZendeskMessagingLimits.defaultExpiryWarningMargin,
        maxTokenLifetime: Int64 = ZendeskMessagingLimits.defaultMaxTokenLifetime
    ) throws(IdentityError) {
        let quoting = Quoting(
            keyID: { ConfigDiagnostic.quoted(signingKeys[$0].keyID) }, activeKeyID: { ConfigDiagnostic.quoted(activeKeyID ?? "") })
        if let problem = Self.problems(
            signingKeys: signingKeys, activeKeyID: activeKeyID, tokenLifetime: tokenLifetime,
            expiryWarningMargin: expiryWarningMargin, maxTokenLifetime: maxTokenLifetime, quoting: quoting
        ).first {
            throw IdentityError(.configurationInvalid, field: problem.field, message: problem.message, recovery: problem.recovery)
        }
        self.maxTokenLifetime = maxTokenLifetime
        self.signingKeys = signingKeys
        self.activeKeyID = activeKeyID ?? signingKeys[0].keyID
        self.tokenLifetime = tokenLifetime
        self.conversationMode = conversationMode
        self.expiryWarningMargin = expiryWarningMargin
    }

    /// The key that signs new tokens.
    package var activeKey: ZendeskMessagingSigningKey {
        signingKeys.first { $0.keyID == activeKeyID } ?? signingKeys[0]
    }

    /// The key whose id is `keyID`, if configured.
    public func key(id keyID: String) -> ZendeskMessagingSigningKey? {
        signingKeys.first { $0.keyID == keyID }
    }
}
