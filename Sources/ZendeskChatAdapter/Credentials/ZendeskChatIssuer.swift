public import IdentityBridge

/// Issues and verifies Zendesk Chat JWTs: HS256 with `name`, `email`, `external_id`, `iat`, `exp`,
/// signed with the Chat shared secret.
///
/// ```swift
/// let credential = try issuer.issue(for: UserIdentity(userId: "user-1", email: "ann@example.com", name: "Ann"))
/// let verified = try issuer.verify(credential.jwt ?? "", for: nil)
/// let claims = try issuer.verify(credential.jwt ?? "")   // the typed claims, no dictionary
/// ```
public struct ZendeskChatIssuer: CredentialIssuer {
    /// The provider instance.
    public let provider: ProviderReference
    /// The settings this issuer was built from.
    public let settings: ZendeskChatSettings
    /// The lifetime of minted JWTs, seconds.
    public var tokenLifetime: Int64 { settings.tokenLifetime }
    private let signer: HS256Signer
    let validator: ZendeskChatTokenValidator
    let clock: any IdentityClock

    /// Creates an issuer; `configuration_invalid` when the lifetime is outside 30 seconds ... 7 minutes.
    public init(
        settings: ZendeskChatSettings, provider: ProviderReference = ProviderReference(kind: .zendeskChat), clock: any IdentityClock
    ) throws(IdentityError) {
        guard (ZendeskChatLimits.minTokenLifetime...ZendeskChatLimits.maxLifetime).contains(settings.tokenLifetime) else {
            throw IdentityError(
                .configurationInvalid, field: "settings.token_lifetime",
                message:
                    "token_lifetime is \(settings.tokenLifetime)s; Zendesk Chat allows exp at most \(ZendeskChatLimits.maxLifetime)s (7 minutes) after iat, and a JWT living under \(ZendeskChatLimits.minTokenLifetime)s can arrive already expired.",
                recovery: "Set token_lifetime between \(ZendeskChatLimits.minTokenLifetime)s and 7m.", provider: provider)
        }
        self.provider = provider
        self.settings = settings
        self.signer = HS256Signer(secret: settings.secret, claimNames: ["name", "email", "external_id"])
        self.validator = ZendeskChatTokenValidator(secret: settings.secret, previousSecrets: settings.previousSecrets)
        self.clock = clock
    }

    /// `{"jwt": ...}` for `user`: `userId` becomes `external_id`; `name` and `email` are required.
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        let now = clock.unixSeconds()
        let token = try mint(for: user, issuedAt: now)
        return .jwt(token, expiresAt: Date(timeIntervalSince1970: TimeInterval(now + tokenLifetime)))
    }

    /// The Chat JWT for `user`, issued now and expiring `tokenLifetime` seconds later: every input rule of
    /// Zendesk Chat, then the signature. What ``issue(for:)`` wraps in a `Credential`.
    public func mint(for user: UserIdentity) throws(IdentityError) -> String {
        try mint(for: user, issuedAt: clock.unixSeconds())
    }

    /// ``mint(for:)`` at a given `issuedAt` (tests of the lifetime's arithmetic).
    package func mint(for user: UserIdentity, issuedAt: Int64) throws(IdentityError) -> String {
        // A neutral user without an id is the cross-vendor missing_identifier rule (the conformance
        // kit's), not a JWT claim the backend sees: no vendor code.
        guard let externalId = user.userId else {
            throw IdentityError(
                .missingIdentifier, field: "userId", message: "Zendesk Chat needs an external_id for an authenticated visitor.",
                recovery: "Pass the user's stable id as userId (it becomes external_id).", provider: provider)
        }
        guard let name = user.name else {
            throw ZendeskChatFailureReason.nameInvalid.identityError("The Chat JWT requires a name; the user has none.", provider: provider)
        }
        // One rule, one verdict: a Chat JWT without an email is what the backend reports as
        // invalidEmail ("Invalid email was used to generate the JWT token"), so issuing says the same.
        guard let email = user.email else {
            throw ZendeskChatFailureReason.emailInvalid.identityError(
                "The Chat JWT requires an email; the user has none.", provider: provider)
        }
        // In this order: the first failing rule is reported (no array of results is built).
        if let (reason, detail) = ZendeskChatClaimRules.checkExternalId(externalId) {
            throw reason.identityError(detail, provider: provider)
        }
        if let (reason, detail) = ZendeskChatClaimRules.checkName(name) { throw reason.identityError(detail, provider: provider) }
        if let (reason, detail) = ZendeskChatClaimRules.checkEmail(email) { throw reason.identityError(detail, provider: provider) }
        // Zendesk Chat states no name or email limit: after its own rules, the library's ceilings apply, before signing.
        try user.checkLengths(provider: provider)
        let (expiresAt, overflow) = issuedAt.addingReportingOverflow(tokenLifetime)
        guard !overflow else {
            throw ZendeskChatFailureReason.claimInvalid.identityError(
                "iat \(issuedAt) plus the \(tokenLifetime)s lifetime does not fit a 64-bit exp.", field: "iat", provider: provider)
        }
        return signer.sign { claims in
            claims.add("name", name)
            claims.add("email", email)
            claims.add("external_id", externalId)
            claims.add("iat", issuedAt)
            claims.add("exp", expiresAt)
        }
    }
}
