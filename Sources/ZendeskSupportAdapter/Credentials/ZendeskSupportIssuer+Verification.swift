public import IdentityBridge

extension ZendeskSupportIssuer {
    /// Verifies a user token (header `typ` `ZendeskSupportLimits.userTokenType`) or a Zendesk
    /// JWT (anything else): HS256, shared-secret signature, `jti`, `iat`, `name`, `email`.
    /// When `user` has a `userId`, the token must be for that user (`uid` / `external_id`),
    /// else `token_invalid` naming the mismatch.
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        if let decoded = try? DecodedJWT.decode(token), decoded.headerValue("typ")?.stringValue == ZendeskSupportLimits.userTokenType {
            let contents = try readUserToken(token)
            var claims: [String: JSONValue] = ["iat": .int(contents.issuedAt), "exp": .int(contents.expiresAt), "type": "user_token"]
            if let id = contents.userId { claims["uid"] = .string(id) }
            if let name = contents.name { claims["name"] = .string(name) }
            if let email = contents.email { claims["email"] = .string(email) }
            try requireSameUser(contents.userId, user, claim: "uid")
            return VerifiedCredential(claims: claims)
        }
        let (decoded, claims) = try verifiedJWT(token)
        try requireSameUser(claims.externalId, user, claim: "external_id")
        return Self.credential(decoded, claims)
    }

    private func requireSameUser(_ id: String?, _ user: UserIdentity?, claim: String) throws(IdentityError) {
        guard let expected = user?.userId, expected != id else { return }
        throw IdentityError(
            .tokenInvalid, field: claim, message: "The token was issued for another user than \"\(expected)\".",
            recovery: "Verify the token against the user it was issued for.", provider: provider)
    }

    /// Verifies a Zendesk JWT as Zendesk would (HS256, shared-secret signature, `jti`, `iat` within
    /// `max_token_age`, `name`, `email`) and returns its typed claims: the checks ``verify(_:for:)`` applies
    /// to a JWT, without building a claims dictionary. Throws the same errors.
    public func verify(_ token: String) throws(IdentityError) -> ZendeskSupportClaims {
        try verifiedJWT(token).claims
    }

    /// Every claim of the token, with `jti` and `iat` as checked.
    private static func credential(_ decoded: DecodedJWT, _ checked: ZendeskSupportClaims) -> VerifiedCredential {
        var claims = decoded.claims
        claims["jti"] = .string(checked.jti)
        claims["iat"] = .int(checked.issuedAt)
        return VerifiedCredential(claims: claims)
    }

    /// The one verification path behind ``verify(_:)`` and ``verify(_:for:)``.
    private func verifiedJWT(_ token: String) throws(IdentityError) -> (decoded: DecodedJWT, claims: ZendeskSupportClaims) {
        let signer = try requireJWTSigner()
        do throws(IdentityError) {
            let decoded = try signer.decode(token)
            try decoded.requireHS256()
            guard decoded.verifySignature(with: signer) else {
                throw IdentityError(
                    .tokenInvalid, field: "jwt", message: "The JWT signature does not match the Zendesk shared secret.",
                    recovery: "Sign the JWT with the shared secret from the Zendesk Support admin (Mobile SDK page).")
            }
            let jti = try decoded.requiredString("jti")
            let iat = try decoded.requiredInt("iat")
            let exp = try decoded.presentInt("exp")
            let (name, email) = try ZendeskSupportIdentityRules.requireNameAndEmail(
                name: try decoded.optionalString("name"), email: try decoded.optionalString("email"), field: "JWT", provider: provider)
            try UserIdentity.Limits.check(name: name, email: email)
            if let violation = jwtFreshness.violation(iat: iat, exp: exp, now: clock.unixSeconds()) {
                throw violation.error(
                    vendorCode: nil,
                    recovery: "Exchange a fresh user token for a new JWT (iat = now; max_token_age \(jwtFreshness.maxAge ?? 0)s).")
            }
            let claims = ZendeskSupportClaims(
                jti: jti, issuedAt: iat, name: name, email: email, externalId: decoded.claim("external_id")?.stringValue)
            return (decoded, claims)
        } catch {
            throw error.attributed(to: provider)
        }
    }
}
