public import IdentityBridge

extension IntercomIssuer {
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
        case .failure(let failure): throw failure.identityError(provider: provider)
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
