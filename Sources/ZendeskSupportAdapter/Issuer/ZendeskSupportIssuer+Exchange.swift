public import IdentityBridge
import Foundation

extension ZendeskSupportIssuer {
    /// Reads and checks one of our user tokens: `token_missing` / `token_malformed` (not a
    /// token), `token_invalid` (not ours: wrong type, algorithm or signature), `token_expired`.
    public func readUserToken(_ token: String) throws(IdentityError) -> ZendeskSupportUserToken {
        let signer = try requireUserTokenSigner()
        let decoded: DecodedJWT
        do { decoded = try DecodedJWT.decode(token) } catch {
            var error = error
            error.field = "user_token"
            throw error.attributed(to: provider)
        }
        guard decoded.header["typ"]?.stringValue == ZendeskSupportLimits.userTokenType, decoded.algorithm == "HS256" else {
            throw forged("The token is not a Zendesk Support user token issued by this backend.")
        }
        guard decoded.verifySignature(with: signer) else {
            throw forged("The user token's signature does not match this backend's key: it is forged or from another backend.")
        }
        let contents: ZendeskSupportUserToken
        do {
            contents = ZendeskSupportUserToken(
                userId: try decoded.optionalString("uid"), name: try decoded.optionalString("name"),
                email: try decoded.optionalString("email"), issuedAt: try decoded.requiredInt("iat"), expiresAt: try decoded.requiredInt("exp"))
        } catch {
            throw IdentityError(
                .tokenMalformed, field: "user_token", message: "The user token's claims are unreadable: \(error.message)",
                recovery: "Issue a new user token.", provider: provider)
        }
        let now = clock.unixSeconds()
        guard now < contents.expiresAt else {
            throw IdentityError(
                .tokenExpired, field: "user_token", message: "The user token expired \(now - contents.expiresAt) seconds ago.",
                recovery: "Issue a fresh user token and set the JWT identity again.", provider: provider)
        }
        return contents
    }

    private func forged(_ message: String) -> IdentityError {
        IdentityError(.tokenInvalid, field: "user_token", message: message, recovery: "Pass a user token issued by this backend.", provider: provider)
    }

    /// Exchanges a user token for the Zendesk JWT: HS256 with `jti` (unique), `iat`, `name`,
    /// `email` and `external_id` (when the token has a user id), signed with the shared secret.
    public func exchange(userToken: String) throws(IdentityError) -> String {
        let contents = try readUserToken(userToken)
        let signer = try requireJWTSigner()
        let (name, email) = try ZendeskSupportIdentityRules.requireNameAndEmail(
            name: contents.name, email: contents.email, field: "user token", provider: provider)
        let jti = UUID().uuidString.lowercased()
        let now = clock.unixSeconds()
        return signer.sign { claims in
            claims.add("jti", jti)
            claims.add("iat", now)
            claims.add("name", name)
            claims.add("email", email)
            claims.addIfPresent("external_id", contents.userId)
        }
    }

    /// Verifies a user token (header `typ` ``ZendeskSupportLimits/userTokenType``) or a Zendesk
    /// JWT (anything else): HS256, shared-secret signature, `jti`, `iat`, `name`, `email`.
    /// When `user` has a `userId`, the token must be for that user (`uid` / `external_id`),
    /// else `token_invalid` naming the mismatch.
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        if let decoded = try? DecodedJWT.decode(token), decoded.header["typ"]?.stringValue == ZendeskSupportLimits.userTokenType {
            let contents = try readUserToken(token)
            var claims: [String: JSONValue] = ["iat": .int(contents.issuedAt), "exp": .int(contents.expiresAt), "type": "user_token"]
            if let id = contents.userId { claims["uid"] = .string(id) }
            if let name = contents.name { claims["name"] = .string(name) }
            if let email = contents.email { claims["email"] = .string(email) }
            try requireSameUser(contents.userId, user, claim: "uid")
            return VerifiedCredential(claims: claims)
        }
        let verified = try verifyJWT(token)
        try requireSameUser(verified.claims["external_id"]?.stringValue, user, claim: "external_id")
        return verified
    }

    private func requireSameUser(_ id: String?, _ user: UserIdentity?, claim: String) throws(IdentityError) {
        guard let expected = user?.userId, expected != id else { return }
        throw IdentityError(
            .tokenInvalid, field: claim, message: "The token was issued for another user than \"\(expected)\".",
            recovery: "Verify the token against the user it was issued for.", provider: provider)
    }

    /// Verifies a Zendesk JWT as Zendesk would.
    public func verifyJWT(_ token: String) throws(IdentityError) -> VerifiedCredential {
        let signer = try requireJWTSigner()
        do throws(IdentityError) {
            let decoded = try DecodedJWT.decode(token)
            try decoded.requireHS256()
            guard decoded.verifySignature(with: signer) else {
                throw IdentityError(
                    .tokenInvalid, field: "jwt", message: "The JWT signature does not match the Zendesk shared secret.",
                    recovery: "Sign the JWT with the shared secret from the Zendesk Support admin (Mobile SDK page).")
            }
            let jti = try decoded.requiredString("jti")
            let iat = try decoded.requiredInt("iat")
            let name = try decoded.optionalString("name")
            let email = try decoded.optionalString("email")
            try ZendeskSupportIdentityRules.requireNameAndEmail(name: name, email: email, field: "JWT", provider: provider)
            var claims = decoded.claims
            claims["jti"] = .string(jti)
            claims["iat"] = .int(iat)
            return VerifiedCredential(claims: claims)
        } catch {
            throw error.attributed(to: provider)
        }
    }
}
