/// The Zendesk Chat SDK's authentication limits, defined once and referenced by the issuer, the
/// verifier, the simulator, the configuration and the documentation.
///
/// Source: zendesk-chat-authentication.txt ("Creating a JWT token").
public enum ZendeskChatLimits {
    /// `external_id`: "Max length is 200 characters".
    public static let externalIdMaxLength = 200
    /// `iat`: "Iat for Chat authentication permits up to two minutes clock skew" (seconds).
    public static let clockSkew: Int64 = 120
    /// `exp`: "permitted to be up to a maximum of 7 minutes from the iat value" (seconds).
    /// A token without `exp` is treated as expiring at `iat + maxLifetime`.
    public static let maxLifetime: Int64 = 420
    /// The shortest `token_lifetime` the configuration accepts (seconds). IdentityBridge's floor, not
    /// Zendesk's: `iat` and `exp` are whole seconds, so a JWT minted with a lifetime of a few seconds
    /// can reach the app, or the Chat backend, already expired; the credential client never hands one
    /// out (it refuses a credential with no life left on arrival), and the configuration refuses
    /// the lifetime when it is loaded.
    package static let minTokenLifetime: Int64 = 30
    /// The default lifetime of the JWTs this adapter mints (`token_lifetime`, seconds).
    public static let defaultTokenLifetime: Int64 = 300
    /// Longest email address accepted (RFC 5321's path limit), and longest local part (before the `@`).
    package static let emailMaxLength = 254
    package static let emailLocalMaxLength = 64
    /// The most older shared secrets `previous_secrets` lists (a rotation needs one; a few cover overlapping ones).
    package static let maxPreviousSecrets = 5

    /// When a Chat JWT stops being accepted: `exp`, or `iat +` ``maxLifetime`` without `exp`
    /// (saturating at `Int64.max` rather than overflowing). The one rule the verifier and a session apply.
    @inlinable
    package static func effectiveExpiry(issuedAt: Int64, expiresAt: Int64?) -> Int64 {
        if let expiresAt { return expiresAt }
        let (expiry, overflow) = issuedAt.addingReportingOverflow(maxLifetime)
        return overflow ? .max : expiry
    }
}
