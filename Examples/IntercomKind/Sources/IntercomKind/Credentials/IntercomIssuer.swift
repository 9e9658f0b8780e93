public import IdentityBridge

/// Issues and verifies Intercom identity verification credentials.
///
/// - `mode: user_hash`: `{"user_id", "email", "user_hash"}`, the fields the Messenger boots with;
///   `user_hash` is the HMAC-SHA256 of the `user_id` (else the email) in lowercase hex.
/// - `mode: jwt`: `{"jwt"}`, an HS256 JWT with `user_id`, `email` (when known), `iat` and `exp`.
///
/// Credentials are issued with the secret of the settings' `platform` (or of the configured platform a
/// user's `metadata["platform"]` names); verification accepts the secret of any configured platform
/// and names it as the key id.
///
/// ```swift
/// let issuer = IntercomIssuer(settings: settings, provider: ProviderReference(kind: .intercom), clock: SystemClock())
/// let credential = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com"))
/// let verified = try issuer.verify(credential["user_hash"] ?? "", for: UserIdentity(userId: "u-1"))
/// ```
public struct IntercomIssuer: CredentialIssuer {
    /// The provider instance.
    public let provider: ProviderReference
    /// The instance settings.
    public let settings: IntercomSettings
    let clock: any IdentityClock
    /// The HMAC key (pad states hashed once) of each configured platform, in platform order.
    let hashKeys: [(platform: IntercomPlatform, key: HMACDigest.Key)]
    /// The JWT signer of each configured platform, in platform order.
    let signers: [(platform: IntercomPlatform, signer: HS256Signer)]

    /// Creates an issuer.
    public init(settings: IntercomSettings, provider: ProviderReference = ProviderReference(kind: .intercom), clock: any IdentityClock) {
        self.settings = settings
        self.provider = provider
        self.clock = clock
        let configured = settings.secrets.sorted { $0.key < $1.key }
        hashKeys = configured.map { ($0.key, HMACDigest.Key(secret: $0.value)) }
        signers = configured.map { ($0.key, HS256Signer(secret: $0.value, claimNames: IntercomLimits.jwtClaimNames)) }
    }

    /// The platform whose secret issues for `user`: `metadata["platform"]` when given, else the settings' `platform`.
    public func platform(for user: UserIdentity) throws(IdentityError) -> IntercomPlatform {
        guard let name = user.metadata["platform"] else { return settings.platform }
        guard let platform = IntercomPlatform(rawValue: name), settings.secrets[platform] != nil else {
            let configured = settings.secrets.keys.sorted().map(\.rawValue).joined(separator: ", ")
            throw IdentityError(
                .invalidValueType, field: "metadata.platform",
                message: "metadata.platform is not a platform with a configured secret (configured: \(configured)).",
                recovery: "Name one of \(configured), or leave metadata.platform out.", provider: provider)
        }
        return platform
    }

    /// `platform` when given, else the one that issues for `user` (``platform(for:)``).
    private func configuredPlatform(_ platform: IntercomPlatform?, for user: UserIdentity) throws(IdentityError) -> IntercomPlatform {
        if let platform { return platform }
        return try self.platform(for: user)
    }

    /// `configuration_invalid` at `settings.secrets.<platform>`: no secret of `platform` is configured.
    private func noSecret(for platform: IntercomPlatform) -> IdentityError {
        IdentityError(
            .configurationInvalid, field: "settings.secrets.\(platform.rawValue)", message: "No \(platform.rawValue) secret is configured.",
            recovery: "Add secrets.\(platform.rawValue).", provider: provider)
    }

    /// The `user_hash` of `user` under the secret of `platform` (default: the settings' `platform`).
    public func userHash(for user: UserIdentity, platform: IntercomPlatform? = nil) throws(IdentityError) -> String {
        let ids = try IntercomIdentifiers(user, provider: provider)
        let chosen = try configuredPlatform(platform, for: user)
        guard let key = hashKeys.first(where: { $0.platform == chosen })?.key else { throw noSecret(for: chosen) }
        return key.hex(of: try ids.hashInput(provider: provider))
    }

    /// The Intercom JWT of `user`, issued at `issuedAt` and expiring `jwt_lifetime` seconds later.
    public func mint(for user: UserIdentity, issuedAt: Int64, platform: IntercomPlatform? = nil) throws(IdentityError) -> String {
        let ids = try IntercomIdentifiers(user, provider: provider)
        let userId = try ids.requiredUserId(provider: provider)
        try user.checkLengths(name: false, provider: provider)
        let chosen = try configuredPlatform(platform, for: user)
        guard let signer = signers.first(where: { $0.platform == chosen })?.signer else { throw noSecret(for: chosen) }
        let (expiresAt, overflow) = issuedAt.addingReportingOverflow(settings.jwtLifetime)
        guard !overflow else {
            throw IntercomFailureReason.jwtClaimInvalid.error("iat plus jwt_lifetime does not fit a 64-bit exp.", provider: provider)
        }
        return signer.sign { claims in
            claims.add("user_id", userId)
            claims.addIfPresent("email", ids.email)
            claims.add("iat", issuedAt)
            claims.add("exp", expiresAt)
        }
    }

    /// The credential the client hands the Messenger for `user` (see the type's description).
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        switch settings.mode {
        case .userHash:
            let ids = try IntercomIdentifiers(user, provider: provider)
            try user.checkLengths(name: false, provider: provider)
            var fields: [String: JSONValue] = ["user_hash": .string(try userHash(for: user))]
            if let userId = ids.userId { fields["user_id"] = .string(userId) }
            if let email = ids.email { fields["email"] = .string(email) }
            return Credential(fields: fields)
        case .jwt:
            let now = clock.unixSeconds()
            let token = try mint(for: user, issuedAt: now)
            return .jwt(token, expiresAt: Date(timeIntervalSince1970: TimeInterval(now + settings.jwtLifetime)))
        }
    }

    /// Checks `token` as Intercom would: a JWT (three dot-separated parts) in `jwt` mode, else a
    /// `user_hash` of `user`. Throws the uniform error of the first check that fails.
    ///
    /// A verified email (the JWT's `email` claim, or `user`'s email in `user_hash` mode) over the
    /// library's ceiling (`UserIdentity.Limits.emailMaxBytes`) is `value_too_long` at `email`, the
    /// error ``issue(for:)`` throws for the same user: Intercom states no email limit of its own.
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        switch check(token, for: user, now: clock.unixSeconds()) {
        case .success(let verified):
            try UserIdentity.Limits.check(name: nil, email: verified.claims["email"]?.stringValue, provider: provider)
            return verified
        case .failure(let failure): throw failure.error(provider: provider)
        }
    }

    /// The verified claims, or the failure of the first check that fails (``verify(_:for:)`` then
    /// applies the library's email ceiling).
    public func check(_ token: String, for user: UserIdentity?, now: Int64) -> Result<VerifiedCredential, IntercomLoginFailure> {
        switch settings.mode {
        case .userHash: checkUserHash(token, for: user)
        case .jwt: checkJWT(token, now: now)
        }
    }

    private func checkUserHash(_ token: String, for user: UserIdentity?) -> Result<VerifiedCredential, IntercomLoginFailure> {
        guard !token.isEmpty else { return .failure(IntercomLoginFailure(reason: .credentialMissing, detail: "No user_hash was given.")) }
        let input: String
        let ids: IntercomIdentifiers
        do {
            ids = try IntercomIdentifiers(user ?? UserIdentity(), provider: provider)
            input = try ids.hashInput(provider: provider)
        } catch {
            let reason = IntercomFailureReason.allCases.first { $0.vendorCode == error.vendorCode } ?? .userIdMissing
            return .failure(IntercomLoginFailure(reason: reason, detail: error.message))
        }
        let hexDigits = Set("0123456789abcdef".utf8)
        guard token.utf8.count == IntercomLimits.userHashLength, token.utf8.allSatisfy(hexDigits.contains) else {
            return .failure(
                IntercomLoginFailure(
                    reason: .userHashMalformed, detail: "The user_hash is not \(IntercomLimits.userHashLength) lowercase hex digits."))
        }
        var matched: IntercomPlatform?
        for (platform, key) in hashKeys where HMACDigest.constantTimeEquals(Array(key.hex(of: input).utf8), Array(token.utf8)) {
            matched = matched ?? platform
        }
        guard let matched else {
            return .failure(
                IntercomLoginFailure(
                    reason: .userHashMismatch, detail: "The user_hash matches the user under no configured platform secret."))
        }
        var claims: [String: JSONValue] = ["platform": .string(matched.rawValue)]
        if let userId = ids.userId { claims["user_id"] = .string(userId) }
        if let email = ids.email { claims["email"] = .string(email) }
        return .success(VerifiedCredential(claims: claims, keyID: matched.rawValue))
    }

    private func checkJWT(_ token: String, now: Int64) -> Result<VerifiedCredential, IntercomLoginFailure> {
        func fail(_ reason: IntercomFailureReason, _ detail: String) -> Result<VerifiedCredential, IntercomLoginFailure> {
            .failure(IntercomLoginFailure(reason: reason, detail: detail))
        }
        let jwt: DecodedJWT
        do { jwt = try DecodedJWT.decode(token) } catch {
            return fail(error.code == .tokenMissing ? .credentialMissing : .jwtMalformed, error.message)
        }
        do { try jwt.requireHS256() } catch { return fail(.jwtAlgorithm, error.message) }
        guard let platform = signers.first(where: { jwt.verifySignature(with: $0.signer) })?.platform else {
            return fail(.jwtSignatureInvalid, "The JWT signature matches no configured platform secret.")
        }
        let userId: String
        let email: String?
        let expiresAt: Int64
        let issuedAt: Int64?
        do {
            userId = try jwt.requiredString("user_id")
            email = try jwt.optionalString("email")
            expiresAt = try jwt.requiredInt("exp")
            issuedAt = try jwt.optionalInt("iat")
        } catch {
            return fail(error.code == .claimMissing ? .jwtClaimMissing : .jwtClaimInvalid, error.message)
        }
        if let issuedAt, JWTFreshness.saturatingDifference(issuedAt, now) > settings.clockSkew {
            return fail(.jwtNotYetValid, "iat is in the future by more than the \(settings.clockSkew)s clock_skew.")
        }
        if now >= expiresAt {
            return fail(.jwtExpired, "The JWT expired \(JWTFreshness.saturatingDifference(now, expiresAt)) seconds ago.")
        }
        var claims: [String: JSONValue] = ["user_id": .string(userId), "exp": .int(expiresAt), "platform": .string(platform.rawValue)]
        if let email { claims["email"] = .string(email) }
        if let issuedAt { claims["iat"] = .int(issuedAt) }
        return .success(VerifiedCredential(claims: claims, keyID: platform.rawValue))
    }
}
