package import IdentityBridge

/// Applies every Chat backend check to a JWT: structure, HS256, signature with the shared secret,
/// `name`, `email`, `external_id` (length and binding), `iat` clock skew, lifetime and expiry.
///
/// ```swift
/// let validator = ZendeskChatTokenValidator(secret: secret)
/// let claims = try validator.verify(token, now: clock.unixSeconds(), boundExternalId: nil)
/// ```
package struct ZendeskChatTokenValidator: Sendable {
    /// The shared secret, then the previous ones (accepted during a rotation).
    private let signers: [HS256Signer]

    /// Creates a validator for the Chat shared secret and, during a rotation, the previous ones.
    package init(secret: Secret, previousSecrets: [Secret] = []) {
        signers = ([secret] + previousSecrets).map { HS256Signer(secret: $0, claimNames: ["name", "email", "external_id"]) }
    }

    /// The validated claims, or the failure of the first check that fails.
    package func check(_ token: String, now: Int64, boundExternalId: String?) -> Result<ZendeskChatClaims, ZendeskChatAuthenticationFailure>
    {
        func fail(_ reason: ZendeskChatFailureReason, _ detail: String, field: String? = nil) -> Result<
            ZendeskChatClaims, ZendeskChatAuthenticationFailure
        > {
            .failure(ZendeskChatAuthenticationFailure(reason: reason, detail: detail, field: field))
        }
        let jwt: DecodedJWT
        do { jwt = try signers[0].decode(token) } catch {
            return fail(error.code == .tokenMissing ? .tokenUnavailable : .tokenMalformed, error.message)
        }
        do { try jwt.requireHS256() } catch { return fail(.algorithmNotAllowed, error.message) }
        guard signers.contains(where: { jwt.verifySignature(with: $0) }) else {
            return fail(.signatureInvalid, "The JWT signature does not match the Chat shared secret.")
        }
        guard case .string(let name)? = jwt.claim("name") else {
            return fail(.nameInvalid, jwt.claim("name") == nil ? "The JWT has no \"name\" claim." : "The \"name\" claim is not a string.")
        }
        if let (reason, detail) = ZendeskChatClaimRules.checkName(name) { return fail(reason, detail) }
        guard case .string(let email)? = jwt.claim("email") else {
            return fail(
                .emailInvalid, jwt.claim("email") == nil ? "The JWT has no \"email\" claim." : "The \"email\" claim is not a string.")
        }
        if let (reason, detail) = ZendeskChatClaimRules.checkEmail(email) { return fail(reason, detail) }
        let externalId: String
        let issuedAt: Int64
        let expiresAt: Int64?
        do {
            externalId = try jwt.requiredString("external_id")
            issuedAt = try jwt.requiredInt("iat")
            expiresAt = try jwt.presentInt("exp")
        } catch {
            return fail(error.code == .claimMissing ? .claimMissing : .claimInvalid, error.message, field: error.field)
        }
        if let (reason, detail) = ZendeskChatClaimRules.checkExternalId(externalId) { return fail(reason, detail) }
        // Differences saturate: iat and exp are attacker-chosen integers and must never trap.
        let ahead = JWTFreshness.saturatingDifference(issuedAt, now)
        if ahead > ZendeskChatLimits.clockSkew {
            return fail(
                .issuedInFuture,
                "iat is \(ahead) seconds in the future; at most \(ZendeskChatLimits.clockSkew) seconds of clock skew are allowed.")
        }
        if let expiresAt {
            if expiresAt < issuedAt { return fail(.claimInvalid, "exp (\(expiresAt)) is before iat (\(issuedAt)).", field: "exp") }
            let lifetime = JWTFreshness.saturatingDifference(expiresAt, issuedAt)
            if lifetime > ZendeskChatLimits.maxLifetime {
                return fail(
                    .lifetimeTooLong, "exp is \(lifetime) seconds after iat; at most \(ZendeskChatLimits.maxLifetime) seconds are allowed.")
            }
        }
        let claims = ZendeskChatClaims(name: name, email: email, externalId: externalId, issuedAt: issuedAt, expiresAt: expiresAt)
        if now >= claims.effectiveExpiry {
            return fail(
                .tokenExpired,
                "The JWT expired \(JWTFreshness.saturatingDifference(now, claims.effectiveExpiry)) seconds ago (at \(claims.effectiveExpiry))."
            )
        }
        if let boundExternalId, boundExternalId != externalId {
            return fail(.externalIdChanged, "The visitor is bound to another external_id; a JWT may not change it.")
        }
        return .success(claims)
    }

    /// The validated claims; throws the uniform error of the first check that fails.
    package func verify(_ token: String, now: Int64, boundExternalId: String?) throws(IdentityError) -> ZendeskChatClaims {
        switch check(token, now: now, boundExternalId: boundExternalId) {
        case .success(let claims):
            // Zendesk Chat states no name or email limit: the library's ceilings, as when issuing.
            try UserIdentity.Limits.check(name: claims.name, email: claims.email)
            return claims
        case .failure(let failure): throw failure.identityError()
        }
    }
}
