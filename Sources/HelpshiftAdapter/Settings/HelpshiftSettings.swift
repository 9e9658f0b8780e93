public import IdentityBridge

/// What the `userAuthToken` HMAC digest is computed over (`digest_input`).
///
/// Helpshift's FAQ says "the user ID, the email, or a combination of the two"; the exact combination
/// is not published (vendor-notes marks it *uncertain*). IdentityBridge makes it explicit:
/// ``userIdAndEmail`` is the plain concatenation `userId + userEmail` (no separator; an absent value
/// contributes the empty string).
public enum HelpshiftDigestInput: String, Sendable, CaseIterable {
    /// The user id when present, else the email (the default).
    case auto
    /// Always the user id.
    case userId = "user_id"
    /// Always the email.
    case email
    /// `userId + userEmail`, concatenated without a separator.
    case userIdAndEmail = "user_id_and_email"
}

/// How the 32 digest bytes are written (`digest_encoding`).
public enum HelpshiftDigestEncoding: String, Sendable, CaseIterable {
    /// Lowercase hexadecimal, 64 characters (the default).
    case hex
    /// Standard base64 with `=` padding, 44 characters.
    case base64
    /// Standard base64 without padding, 43 characters.
    case base64Unpadded = "base64_unpadded"
}

/// The settings of one `helpshift` provider instance (the keys of common.md).
public struct HelpshiftSettings: ProviderSettings, Hashable {
    /// Dashboard "Identity verification": a valid userAuthToken is required to file issues.
    public var identityVerification: Bool
    /// The HMAC secret that issues digests (`secret`).
    public var secret: Secret
    /// Older secrets that still verify during a rotation (`previous_secrets`).
    package var previousSecrets: [Secret]
    /// The digest input.
    package var digestInput: HelpshiftDigestInput
    /// The digest encoding.
    package var digestEncoding: HelpshiftDigestEncoding
    /// Helpshift `fullPrivacy`: the digest is over the user id only; email may not be the only identifier.
    package var fullPrivacy: Bool
    /// The initial `clearAnonymousUserOnLogin` value.
    public var clearAnonymousUserOnLogin: Bool
    /// Whether the Identity System (User Hub) is used.
    public var identitySystem: Bool
    /// The Identity System JWT secret (required when ``identitySystem`` is on).
    package var identitySecret: Secret?

    /// Creates settings; defaults follow common.md.
    public init(
        identityVerification: Bool = false, secret: Secret, previousSecrets: [Secret] = [],
        digestInput: HelpshiftDigestInput = .auto, digestEncoding: HelpshiftDigestEncoding = .hex,
        fullPrivacy: Bool = false, clearAnonymousUserOnLogin: Bool = false,
        identitySystem: Bool = false, identitySecret: Secret? = nil
    ) {
        self.identityVerification = identityVerification
        self.secret = secret
        self.previousSecrets = previousSecrets
        self.digestInput = digestInput
        self.digestEncoding = digestEncoding
        self.fullPrivacy = fullPrivacy
        self.clearAnonymousUserOnLogin = clearAnonymousUserOnLogin
        self.identitySystem = identitySystem
        self.identitySecret = identitySecret
    }

    /// Every secret that verifies a digest: ``secret`` first, then `previousSecrets`.
    package var verifyingSecrets: [Secret] { [secret] + previousSecrets }
}
