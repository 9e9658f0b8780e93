import Foundation
public import IdentityBridge

/// Issues and verifies Helpshift credentials: the login dictionary with its `userAuthToken`
/// (HMAC-SHA256 digest) and, with the Identity System on, the identities JWT.
///
/// ```swift
/// let issuer = HelpshiftIssuer(settings: settings, provider: ProviderReference(kind: .helpshift), clock: SystemClock())
/// let credential = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
/// // credential.fields: userId, userEmail, userName, userAuthToken
/// ```
public struct HelpshiftIssuer: CredentialIssuer {
    /// The provider instance.
    public let provider: ProviderReference
    /// The instance settings.
    public let settings: HelpshiftSettings
    let clock: any IdentityClock
    let identitySigner: HS256Signer?
    /// HMAC keys (pad states hashed once) for `HelpshiftSettings/verifyingSecrets`, in order:
    /// the first is `secret`, which issues digests.
    let digestKeys: [HMACDigest.Key]

    /// Creates an issuer.
    public init(settings: HelpshiftSettings, provider: ProviderReference, clock: any IdentityClock) {
        self.settings = settings
        self.provider = provider
        self.clock = clock
        self.identitySigner = settings.identitySecret.map { HS256Signer(secret: $0, claimNames: ["identities"]) }
        self.digestKeys = settings.verifyingSecrets.map { HMACDigest.Key(secret: $0) }
    }

    /// The validated identifiers of `user`: trimmed-empty values dropped, everything Helpshift would
    /// silently turn into an anonymous user refused.
    package func identifiers(of user: UserIdentity) throws(IdentityError) -> (userId: String?, email: String?) {
        let userId = user.userId.flatMap { $0.isBlank ? nil : $0 }
        let email = user.email.flatMap { $0.isBlank ? nil : $0 }
        guard userId != nil || email != nil else {
            throw IdentityError(
                .missingIdentifier, field: "userId",
                message: "userId and userEmail are both empty; Helpshift needs one of them to log a user in.",
                recovery: "Pass the user's id (recommended) or email.", provider: provider)
        }
        if let userId {
            guard !userId.hasSpaceAtEnds else {
                throw IdentityError(
                    .invalidIdentifier, field: "userId",
                    message: "userId has leading or trailing spaces; Helpshift would create an anonymous user instead.",
                    recovery: "Remove the spaces at the ends of the user id (spaces in between are allowed).", provider: provider)
            }
            guard !HelpshiftEmail.isValid(userId) else {
                throw IdentityError(
                    .invalidIdentifier, field: "userId",
                    message: "userId is an email address; Helpshift: \"Do not provide the user's email address as 'userID'\".",
                    recovery: "Pass the email as userEmail and a stable non-email id as userId (or leave userId out).", provider: provider)
            }
            // At most as many characters as UTF-8 bytes: count characters only for longer ids.
            guard userId.utf8.count <= HelpshiftLimits.userIdMaxLength || userId.count <= HelpshiftLimits.userIdMaxLength else {
                throw IdentityError(
                    .valueTooLong, field: "userId",
                    message: "userId is \(userId.count) characters long; Helpshift allows at most \(HelpshiftLimits.userIdMaxLength).",
                    recovery: "Use a shorter stable user id.", provider: provider)
            }
        }
        if let email {
            guard !email.hasSpaceAtEnds else {
                throw IdentityError(
                    .invalidEmail, field: "userEmail",
                    message: "userEmail has leading or trailing spaces; Helpshift would create an anonymous user instead.",
                    recovery: "Trim the email address.", provider: provider)
            }
            guard HelpshiftEmail.isValid(email) else {
                throw IdentityError(
                    .invalidEmail, field: "userEmail",
                    message: "userEmail is not a valid address (format my@email.com); Helpshift would create an anonymous user instead.",
                    recovery: "Pass a valid email address or leave userEmail out.", provider: provider)
            }
        }
        if settings.fullPrivacy, userId == nil {
            throw IdentityError(
                .missingIdentifier, field: "userId",
                message: "full_privacy is on and email is the only identifier; Helpshift would create an anonymous user instead.",
                recovery: "Pass a userId when full privacy is on.", provider: provider)
        }
        return (userId, email)
    }

    /// The bytes the digest covers, per `digest_input` (always the user id with full privacy).
    func digestMessage(userId: String?, email: String?) throws(IdentityError) -> String {
        if settings.fullPrivacy {
            guard let userId else { throw missingForDigest("userId", input: "user_id (full privacy)") }
            return userId
        }
        switch settings.digestInput {
        case .auto:
            guard let message = userId ?? email else { throw missingForDigest("userId", input: "auto") }
            return message
        case .userId:
            guard let userId else { throw missingForDigest("userId", input: "user_id") }
            return userId
        case .email:
            guard let email else { throw missingForDigest("userEmail", input: "email") }
            return email
        case .userIdAndEmail:
            return (userId ?? "") + (email ?? "")
        }
    }

    private func missingForDigest(_ field: String, input: String) -> IdentityError {
        IdentityError(
            .missingIdentifier, field: field,
            message: "digest_input is \(input) but the user has no \(field); the userAuthToken cannot be computed.",
            recovery: "Pass \(field), or change digest_input.", provider: provider)
    }

    /// The encoded HMAC-SHA256 digest of `message` under the secret whose precomputed key is `key`.
    func digest(_ message: String, key: HMACDigest.Key) -> String {
        switch settings.digestEncoding {
        case .hex: return key.hex(of: message)
        case .base64: return key.base64(of: message, padded: true)
        case .base64Unpadded: return key.base64(of: message, padded: false)
        }
    }

    /// The key of `secret`, which issues digests.
    private var issuingKey: HMACDigest.Key { digestKeys[0] }

    /// The `userAuthToken` for `user` under the current secret (what ``issue(for:)`` puts in the login dictionary).
    public func mint(for user: UserIdentity) throws(IdentityError) -> String {
        let ids = try identifiers(of: user)
        return digest(try digestMessage(userId: ids.userId, email: ids.email), key: issuingKey)
    }

    /// The login dictionary: `userId`, `userEmail`, `userName` (truncated to 255), `userAuthToken`,
    /// each left out when empty after trimming; plus `jwt` (the identities JWT) with the Identity System on,
    /// and then `Credential.expiresAt` = the JWT's `iat` + 24 hours.
    ///
    /// With `full_privacy: true` no email or name is sent to Helpshift: the dictionary carries neither
    /// `userEmail` nor `userName`, and the identities JWT no `email` identity (the digest is on the
    /// user id only).
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        let ids = try identifiers(of: user)
        // Helpshift's own rules first: it truncates userName itself (HelpshiftLimits.userNameMaxLength)
        // and the Identity System limits the email identity (identityValueMaxLength, checked below);
        // the legacy login states no email limit, so there the library's ceiling applies.
        try user.checkLengths(name: false, email: !settings.identitySystem, provider: provider)
        var fields: [String: JSONValue] = [:]
        if let userId = ids.userId { fields["userId"] = .string(userId) }
        if !settings.fullPrivacy, let email = ids.email { fields["userEmail"] = .string(email) }
        if !settings.fullPrivacy, let name = user.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty {
            fields["userName"] = .string(String(name.prefix(HelpshiftLimits.userNameMaxLength)))
        }
        fields["userAuthToken"] = .string(digest(try digestMessage(userId: ids.userId, email: ids.email), key: issuingKey))
        // With the identities JWT the credential expires with it: its iat "must be less than 24
        // hours old; a JWT must not be cached longer than that" (vendor-notes).
        var expiresAt: Date?
        if settings.identitySystem {
            var identities = HelpshiftIdentity.identities(for: user)
            if settings.fullPrivacy { identities.removeAll { $0.identifier == "email" } }
            let signed = try signedIdentityToken(for: identities, forLogin: true)
            fields["jwt"] = .string(signed.token)
            expiresAt = Self.identityTokenExpiry(iat: signed.iat)
        }
        return Credential(fields: fields, expiresAt: expiresAt)
    }
}
