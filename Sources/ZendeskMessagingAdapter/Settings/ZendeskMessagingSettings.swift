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
    public let conversationMode: ZendeskMessagingConversationMode
    /// A JWT expiring within this many seconds is "close to expiry": the adapter warns before login.
    public let expiryWarningMargin: Int64
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
        if let problem = Self.problem(
            signingKeys: signingKeys, activeKeyID: activeKeyID,
            tokenLifetime: tokenLifetime, expiryWarningMargin: expiryWarningMargin)
        {
            throw IdentityError(
                .configurationInvalid, field: "settings.\(problem.key)", message: problem.message, recovery: problem.recovery)
        }
        guard (tokenLifetime...ZendeskMessagingLimits.maxMaxTokenLifetime).contains(maxTokenLifetime) else {
            throw IdentityError(
                .configurationInvalid, field: "settings.max_token_lifetime",
                message:
                    "max_token_lifetime is \(maxTokenLifetime)s; it must be between token_lifetime (\(tokenLifetime)s) and \(ZendeskMessagingLimits.maxMaxTokenLifetime)s.",
                recovery: "Use a bound between token_lifetime and 30d (default 24h).")
        }
        self.maxTokenLifetime = maxTokenLifetime
        self.signingKeys = signingKeys
        self.activeKeyID = activeKeyID ?? signingKeys[0].keyID
        self.tokenLifetime = tokenLifetime
        self.conversationMode = conversationMode
        self.expiryWarningMargin = expiryWarningMargin
    }

    /// The key that signs new tokens.
    public var activeKey: ZendeskMessagingSigningKey {
        signingKeys.first { $0.keyID == activeKeyID } ?? signingKeys[0]
    }

    /// The key whose id is `keyID`, if configured.
    public func key(id keyID: String) -> ZendeskMessagingSigningKey? {
        signingKeys.first { $0.keyID == keyID }
    }

    /// A configuration problem: the settings key at fault, what is wrong, and how to fix it.
    struct Problem {
        var key: String
        var message: String
        var recovery: String
    }

    /// The first rule the values break, or `nil` (shared by the YAML parser and ``init``).
    static func problem(
        signingKeys: [ZendeskMessagingSigningKey], activeKeyID: String?, tokenLifetime: Int64, expiryWarningMargin: Int64
    ) -> Problem? {
        let limit = ZendeskMessagingLimits.maxSigningKeys
        if signingKeys.isEmpty {
            return Problem(
                key: "signing_keys", message: "No signing key is configured; Zendesk Messaging JWTs need one.",
                recovery: "Add a signing key (key_id and secret) created in the Zendesk admin center.")
        }
        if signingKeys.count > limit {
            return Problem(
                key: "signing_keys",
                message: "\(signingKeys.count) signing keys are configured; a Zendesk account holds at most \(limit).",
                recovery: "Remove rotated-out keys until at most \(limit) remain.")
        }
        var seen: Set<String> = []
        for key in signingKeys {
            if key.keyID.isEmpty {
                return Problem(
                    key: "signing_keys.key_id", message: "A signing key has an empty key_id.",
                    recovery: "Set key_id to the key's id from the admin center (e.g. app_...).")
            }
            if key.secret.isEmpty {
                return Problem(
                    key: "signing_keys.secret", message: "Signing key \(ConfigDiagnostic.quoted(key.keyID)) has an empty secret.",
                    recovery: "Set the key's secret from the admin center.")
            }
            if !seen.insert(key.keyID).inserted {
                return Problem(
                    key: "signing_keys.key_id", message: "Signing key id \(ConfigDiagnostic.quoted(key.keyID)) is listed twice.",
                    recovery: "Give every signing key its own key_id.")
            }
        }
        if let activeKeyID, !seen.contains(activeKeyID) {
            return Problem(
                key: "active_key_id",
                message:
                    "active_key_id \(ConfigDiagnostic.quoted(activeKeyID)) names none of the \(signingKeys.count) configured signing keys (\(signingKeys.prefix(10).map { ConfigDiagnostic.quoted($0.keyID) }.joined(separator: ", "))).",
                recovery: "Set active_key_id to one of the listed key ids, or remove it to sign with the first key.")
        }
        let lifetimes = ZendeskMessagingLimits.minTokenLifetime...ZendeskMessagingLimits.maxTokenLifetime
        if !lifetimes.contains(tokenLifetime) {
            return Problem(
                key: "token_lifetime",
                message: "token_lifetime is \(tokenLifetime)s; it must be between \(lifetimes.lowerBound)s and \(lifetimes.upperBound)s.",
                recovery: "Use a lifetime between 1m and 24h (default 1h).")
        }
        if expiryWarningMargin < 0 || expiryWarningMargin > ZendeskMessagingLimits.maxExpiryWarningMargin {
            return Problem(
                key: "expiry_warning_margin",
                message:
                    "expiry_warning_margin is \(expiryWarningMargin)s; it must be between 0s and \(ZendeskMessagingLimits.maxExpiryWarningMargin)s.",
                recovery: "Use a margin between 0 and 1h (default 5m).")
        }
        if expiryWarningMargin >= tokenLifetime {
            return Problem(
                key: "expiry_warning_margin",
                message:
                    "expiry_warning_margin (\(expiryWarningMargin)s) is not below token_lifetime (\(tokenLifetime)s): every fresh token would already be close to expiry.",
                recovery: "Make expiry_warning_margin shorter than token_lifetime.")
        }
        return nil
    }
}
