public import IdentityBridge

/// Issues and verifies Zendesk Messaging user JWTs.
///
/// Header `{"alg":"HS256","typ":"JWT","kid":KEY_ID}`; payload `scope: "user"`, `external_id`
/// (required, at most `ZendeskMessagingLimits.externalIdMaxLength` characters), optional `name`,
/// `email`, `email_verified`, and `exp` = now + `token_lifetime`. Tokens are signed with the active
/// key; any configured key verifies, picked by the header's `kid`.
///
/// ```swift
/// let issuer = try ZendeskMessagingIssuer(settings: settings, clock: SystemClock())
/// let jwt = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")).jwt
/// ```
public struct ZendeskMessagingIssuer: CredentialIssuer {
    /// The provider instance this issuer belongs to.
    public let provider: ProviderReference
    /// The validated settings.
    public let settings: ZendeskMessagingSettings
    let clock: any IdentityClock
    let activeSigner: HS256Signer
    let signers: [String: HS256Signer]
    /// The same signers, for picking a key by comparing header text (no header decoding).
    let ring: HS256KeyRing

    /// Creates an issuer from validated settings.
    public init(
        settings: ZendeskMessagingSettings, provider: ProviderReference = ProviderReference(kind: .zendeskMessaging),
        clock: any IdentityClock
    ) {
        self.provider = provider
        self.settings = settings
        self.clock = clock
        var signers: [String: HS256Signer] = [:]
        for key in settings.signingKeys {
            signers[key.keyID] = HS256Signer(
                secret: key.secret, keyID: key.keyID, type: ZendeskMessagingLimits.tokenType,
                claimNames: ["scope", "external_id", "name", "email", "email_verified"])
        }
        self.signers = signers
        self.ring = HS256KeyRing(settings.signingKeys.compactMap { signers[$0.keyID] })
        let active = settings.activeKey
        self.activeSigner =
            signers[active.keyID] ?? HS256Signer(secret: active.secret, keyID: active.keyID, type: ZendeskMessagingLimits.tokenType)
    }

    /// The metadata key whose value (`true` / `false`) becomes the `email_verified` claim.
    package static let emailVerifiedMetadataKey = "email_verified"

    /// Issues `{"jwt": ...}` for `user`: `userId` becomes `external_id`; `email`, `name` and
    /// `metadata["email_verified"]` are added when present.
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        let (token, exp) = try mintWithExpiry(for: user)
        return .jwt(token, expiresAt: Date(timeIntervalSince1970: TimeInterval(exp)))
    }

    /// The compact user JWT for `user`, exactly as ``issue(for:)`` puts it in the credential,
    /// without building the credential: `userId` becomes `external_id`; `email`, `name` and
    /// `metadata["email_verified"]` are added when present; `exp` is now + `token_lifetime`.
    /// Throws the same errors as ``issue(for:)``.
    public func mint(for user: UserIdentity) throws(IdentityError) -> String {
        try mintWithExpiry(for: user).token
    }

    /// The token and its `exp`; the one code path behind ``issue(for:)`` and ``mint(for:)``.
    func mintWithExpiry(for user: UserIdentity) throws(IdentityError) -> (token: String, expiresAt: Int64) {
        let externalId = try Self.validExternalId(user.userId).attributedIfNeeded(provider)
        if let email = user.email, email.isEmpty {
            throw IdentityError(
                .invalidEmail, field: "email", message: "The email is empty.",
                recovery: "Pass a real address or leave email out.", provider: provider)
        }
        if let name = user.name, name.isEmpty {
            throw IdentityError(
                .invalidName, field: "name", message: "The name is empty.",
                recovery: "Pass the user's display name or leave name out.", provider: provider)
        }
        // Zendesk Messaging states no name or email limit: after its own rules, the library's ceilings apply, before signing.
        try user.checkLengths(provider: provider)
        var emailVerified: Bool?
        if !user.metadata.isEmpty, let text = user.metadata[Self.emailVerifiedMetadataKey] {
            switch text {
            case "true": emailVerified = true
            case "false": emailVerified = false
            default:
                throw IdentityError(
                    .invalidValueType, field: "metadata.email_verified",
                    message: "email_verified is \"\(text)\"; the claim is a boolean.",
                    recovery: "Pass \"true\" or \"false\".", provider: provider)
            }
        }
        let now = clock.unixSeconds()
        let (exp, overflow) = now.addingReportingOverflow(settings.tokenLifetime)
        guard !overflow else {
            throw IdentityError(
                .claimInvalid, field: "exp",
                message: "The clock reads \(now); adding token_lifetime (\(settings.tokenLifetime)s) does not fit a 64-bit exp.",
                recovery: "Issue tokens with a real clock (check --now).", provider: provider)
        }
        let token = activeSigner.sign { claims in
            claims.add("scope", ZendeskMessagingLimits.scope)
            claims.add("external_id", externalId)
            claims.addIfPresent("name", user.name)
            claims.addIfPresent("email", user.email)
            if let emailVerified { claims.add("email_verified", emailVerified) }
            claims.add("exp", exp)
        }
        return (token, exp)
    }

    /// `userId` as an `external_id`: present, not empty, at most 255 characters. A longer one is the
    /// verifier's verdict for the same rule: `value_too_long` at `external_id`, `externalIdTooLong`.
    static func validExternalId(_ userId: String?) -> Result<String, IdentityError> {
        guard let userId, !userId.isEmpty else {
            return .failure(
                IdentityError(
                    .missingIdentifier, field: "userId",
                    message: "Zendesk Messaging needs an external_id (the user id); none was given.",
                    recovery: "Pass the user's stable id from your system as userId."))
        }
        let limit = ZendeskMessagingLimits.externalIdMaxLength
        // A string of at most `limit` UTF-8 bytes has at most `limit` characters: count those only for longer ids.
        guard userId.utf8.count <= limit || userId.count <= limit else {
            return .failure(
                IdentityError(
                    .valueTooLong, field: "external_id", vendorCode: ZendeskMessagingVendorCode.externalIdTooLong,
                    message: "The user id is \(userId.count) characters; Zendesk Messaging's external_id holds at most \(limit).",
                    recovery: "Use a shorter stable id (at most \(limit) characters)."))
        }
        return .success(userId)
    }
}

extension Result<String, IdentityError> {
    /// The value, or the error attributed to `provider`.
    func attributedIfNeeded(_ provider: ProviderReference) throws(IdentityError) -> String {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error.attributed(to: provider)
        }
    }
}
