public import IdentityBridge

/// The Zendesk Support backend half: issues anonymous identities or opaque user tokens,
/// exchanges user tokens for the Zendesk JWT, and verifies both.
///
/// ```swift
/// let credential = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
/// let jwt = try issuer.exchange(userToken: credential["user_token"] ?? "")
/// ```
public struct ZendeskSupportIssuer: TokenExchanging {
    /// The provider instance.
    public let provider: ProviderReference
    /// The settings this issuer was built from.
    public let settings: ZendeskSupportSettings
    /// The admin setting.
    public let auth: ZendeskSupportAuthMode
    /// Lifetime of user tokens, seconds.
    package let userTokenLifetime: Int64
    /// The freshness policy of a Zendesk JWT: `iat` younger than `max_token_age`, at most
    /// `JWTFreshness.defaultClockSkew` in the future; a present `exp` a number not yet passed.
    package let jwtFreshness: JWTFreshness
    let userTokenSigner: HS256Signer?
    let jwtSigner: HS256Signer?
    let clock: any IdentityClock

    /// Creates an issuer; `configuration_invalid` when `jwt` mode has no secret.
    public init(
        settings: ZendeskSupportSettings, provider: ProviderReference = ProviderReference(kind: .zendeskSupport), clock: any IdentityClock
    ) throws(IdentityError) {
        if settings.auth == .jwt, settings.secret == nil {
            throw IdentityError(
                .configurationInvalid, field: "settings.secret", message: "auth: jwt needs the Zendesk shared secret.",
                recovery: "Set 'secret: ${ZENDESK_SUPPORT_SECRET}'.", provider: provider)
        }
        guard (1...ZendeskSupportLimits.maxUserTokenLifetime).contains(settings.userTokenLifetime) else {
            throw IdentityError(
                .configurationInvalid, field: "settings.user_token_lifetime",
                message:
                    "user_token_lifetime is \(settings.userTokenLifetime)s; it must be between 1s and \(ZendeskSupportLimits.maxUserTokenLifetime)s.",
                recovery: "Set user_token_lifetime to a few minutes (default 10m).", provider: provider)
        }
        self.provider = provider
        self.settings = settings
        self.auth = settings.auth
        guard (1...ZendeskSupportLimits.maxMaxTokenAge).contains(settings.maxTokenAge) else {
            throw IdentityError(
                .configurationInvalid, field: "settings.max_token_age",
                message: "max_token_age is \(settings.maxTokenAge)s; it must be between 1s and \(ZendeskSupportLimits.maxMaxTokenAge)s.",
                recovery: "Set max_token_age to a few minutes (default 10m).", provider: provider)
        }
        self.userTokenLifetime = settings.userTokenLifetime
        self.jwtFreshness = JWTFreshness(maxAge: settings.maxTokenAge)
        self.userTokenSigner = settings.userTokenKey.map { HS256Signer(secret: $0, type: ZendeskSupportLimits.userTokenType) }
        self.jwtSigner = settings.secret.map { HS256Signer(secret: $0, claimNames: ["name", "email", "external_id"]) }
        self.clock = clock
    }

    /// `{"user_token": ...}` in `jwt` mode (name and email required), `{"anonymous": {"name", "email"}}`
    /// (each optional, validated when present) in `anonymous` mode.
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        switch auth {
        case .anonymous:
            var identity: [String: JSONValue] = [:]
            if let name = user.name {
                try ZendeskSupportIdentityRules.checkName(name, provider: provider)
                identity["name"] = .string(name)
            }
            if let email = user.email {
                try ZendeskSupportIdentityRules.checkEmail(email, provider: provider)
                identity["email"] = .string(email)
            }
            // Zendesk Support states no name or email limit: after its own rules, the library's ceilings apply.
            try user.checkLengths(provider: provider)
            return Credential(fields: ["anonymous": .object(identity)])
        case .jwt:
            let now = clock.unixSeconds()
            let token = try issueUserToken(for: user, issuedAt: now)
            return Credential(
                fields: [ZendeskSupportLimits.userTokenFormField: .string(token)],
                expiresAt: Date(timeIntervalSince1970: TimeInterval(now + userTokenLifetime)))
        }
    }

    /// Our opaque user token for `user`: carries `uid`, `name`, `email`, `iat`, `exp`.
    package func issueUserToken(for user: UserIdentity, issuedAt: Int64) throws(IdentityError) -> String {
        let signer = try requireUserTokenSigner()
        if let id = user.userId { try ZendeskSupportIdentityRules.checkUserId(id, provider: provider) }
        try ZendeskSupportIdentityRules.requireNameAndEmail(name: user.name, email: user.email, field: "user", provider: provider)
        // Zendesk Support states no name or email limit: after its own rules, the library's ceilings apply, before signing.
        try user.checkLengths(provider: provider)
        let (expiresAt, overflow) = issuedAt.addingReportingOverflow(userTokenLifetime)
        guard !overflow else {
            throw IdentityError(
                .claimInvalid, field: "iat", message: "iat \(issuedAt) plus the \(userTokenLifetime)s lifetime does not fit a 64-bit exp.",
                recovery: "Issue user tokens at the current time.", provider: provider)
        }
        return signer.sign { claims in
            claims.addIfPresent("uid", user.userId)
            claims.addIfPresent("name", user.name)
            claims.addIfPresent("email", user.email)
            claims.add("iat", issuedAt)
            claims.add("exp", expiresAt)
        }
    }

    func requireUserTokenSigner() throws(IdentityError) -> HS256Signer {
        guard auth == .jwt, let signer = userTokenSigner else { throw auth.identityError(wanting: .jwt, provider: provider) }
        return signer
    }

    func requireJWTSigner() throws(IdentityError) -> HS256Signer {
        guard auth == .jwt, let signer = jwtSigner else { throw auth.identityError(wanting: .jwt, provider: provider) }
        return signer
    }
}
