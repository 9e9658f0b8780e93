public import IdentityBridge

/// Settings of one `zendesk-support` instance.
///
/// ```yaml
/// - kind: zendesk-support
///   auth: jwt                              # anonymous | jwt (the admin setting)
///   secret: ${ZENDESK_SUPPORT_SECRET}      # Zendesk shared secret for the JWT
///   user_token_lifetime: 10m               # our opaque user token
///   max_token_age: 10m                     # a Zendesk JWT older than this does not verify
///   # user_token_secret: ${USER_TOKEN_SECRET}   # optional; else derived from secret with HKDF-SHA256
/// ```
public struct ZendeskSupportSettings: ProviderSettings, Hashable {
    /// The admin setting.
    public var auth: ZendeskSupportAuthMode
    /// The Zendesk shared secret that signs the JWT (required for `jwt`).
    public var secret: Secret?
    /// The key that signs our user tokens, when configured explicitly.
    package var userTokenSecret: Secret?
    /// Lifetime of user tokens, seconds.
    package var userTokenLifetime: Int64
    /// The oldest `iat` a Zendesk JWT may carry and still verify (`max_token_age`), seconds.
    package var maxTokenAge: Int64

    /// Creates settings.
    public init(
        auth: ZendeskSupportAuthMode, secret: Secret? = nil, userTokenSecret: Secret? = nil,
        userTokenLifetime: Int64 = ZendeskSupportLimits.defaultUserTokenLifetime,
        maxTokenAge: Int64 = ZendeskSupportLimits.defaultMaxTokenAge
    ) {
        self.auth = auth
        self.secret = secret
        self.userTokenSecret = userTokenSecret
        self.userTokenLifetime = userTokenLifetime
        self.maxTokenAge = maxTokenAge
    }

    /// The user-token key: `user_token_secret`, else HKDF-SHA256 of `secret` with the info label
    /// `ZendeskSupportLimits.userTokenKeyInfo` (no salt, 32 bytes). `nil` without either.
    package var userTokenKey: Secret? {
        if let userTokenSecret { return userTokenSecret }
        guard let secret else { return nil }
        return Self.deriveUserTokenKey(from: secret)
    }

    /// HKDF-SHA256(`secret`, salt: none, info: `ZendeskSupportLimits.userTokenKeyInfo`, 32 bytes).
    package static func deriveUserTokenKey(from secret: Secret) -> Secret {
        secret.hkdfSHA256(info: ZendeskSupportLimits.userTokenKeyInfo, byteCount: 32)
    }
}
