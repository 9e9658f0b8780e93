import Foundation
public import IdentityBridge

extension ZendeskSupportIssuer {
    /// Reads and checks one of our user tokens: `token_missing` / `token_malformed` (not a
    /// token), `token_invalid` (not ours: wrong type, algorithm or signature), `token_expired`.
    package func readUserToken(_ token: String) throws(IdentityError) -> ZendeskSupportUserToken {
        let signer = try requireUserTokenSigner()
        let decoded: DecodedJWT
        do { decoded = try DecodedJWT.decode(token) } catch {
            var error = error
            error.field = "user_token"
            if error.code == .tokenMissing {
                // The caller handed us a user token, never a JWT: say so.
                error.message = "No user token was given."
                error.recovery = "Pass the user_token issued for the user (identityctl token, or issue(for:))."
            }
            throw error.attributed(to: provider)
        }
        guard decoded.headerValue("typ")?.stringValue == ZendeskSupportLimits.userTokenType, decoded.algorithm == "HS256" else {
            throw forged("The token is not a Zendesk Support user token issued by this backend.")
        }
        guard decoded.verifySignature(with: signer) else {
            throw forged("The user token's signature does not match this backend's key: it is forged or from another backend.")
        }
        let contents: ZendeskSupportUserToken
        do {
            contents = ZendeskSupportUserToken(
                userId: try decoded.optionalString("uid"), name: try decoded.optionalString("name"),
                email: try decoded.optionalString("email"), issuedAt: try decoded.requiredInt("iat"),
                expiresAt: try decoded.requiredInt("exp"))
        } catch {
            throw IdentityError(
                .tokenMalformed, field: "user_token", message: "The user token's claims are unreadable: \(error.message)",
                recovery: "Issue a new user token.", provider: provider)
        }
        // Zendesk Support states no name or email limit: the library's ceilings, as when issuing.
        try UserIdentity.Limits.check(name: contents.name, email: contents.email, provider: provider)
        let now = clock.unixSeconds()
        guard now < contents.expiresAt else {
            throw IdentityError(
                .tokenExpired, field: "user_token", message: "The user token expired at \(contents.expiresAt) (now \(now)).",
                recovery: "Issue a fresh user token and set the JWT identity again.", provider: provider)
        }
        // Our own tokens: issued now, living at most the longest user_token_lifetime.
        let policy = JWTFreshness(maxLifetime: ZendeskSupportLimits.maxUserTokenLifetime)
        if let violation = policy.violation(iat: contents.issuedAt, exp: contents.expiresAt, now: now) {
            var error = violation.error(vendorCode: nil, recovery: "Issue a fresh user token with this backend.", provider: provider)
            error.field = "user_token"
            throw error
        }
        return contents
    }

    private func forged(_ message: String) -> IdentityError {
        IdentityError(
            .tokenInvalid, field: "user_token", message: message, recovery: "Pass a user token issued by this backend.", provider: provider)
    }

    /// Exchanges a user token for the Zendesk JWT: HS256 with `jti` (unique), `iat`, `name`,
    /// `email` and `external_id` (when the token has a user id), signed with the shared secret.
    public func exchange(userToken: String) throws(IdentityError) -> String {
        try signJWT(for: try readUserToken(userToken))
    }

    /// The form field Zendesk POSTs the user token in: `user_token`.
    public var exchangeFormField: String { ZendeskSupportLimits.userTokenFormField }

    /// The Zendesk JWT for a user the backend has already identified (from the app's own session
    /// token): ``mint(for:)``.
    public func exchange(user: UserIdentity) throws(IdentityError) -> String { try mint(for: user) }

    /// The Zendesk JWT for `user` (`jti`, `iat`, `name`, `email`, `external_id`): the same rules as
    /// ``issue(for:)`` (user id, name and email), then the signature. What Zendesk's servers receive from
    /// the JWT endpoint, and what ``exchange(userToken:)`` returns for the user a user token names.
    public func mint(for user: UserIdentity) throws(IdentityError) -> String {
        _ = try requireJWTSigner()
        if let id = user.userId { try ZendeskSupportIdentityRules.checkUserId(id, provider: provider) }
        let now = clock.unixSeconds()
        return try signJWT(
            for: ZendeskSupportUserToken(userId: user.userId, name: user.name, email: user.email, issuedAt: now, expiresAt: now))
    }

    /// The Zendesk JWT for the contents of a user token already read with `readUserToken(_:)`:
    /// the second half of ``exchange(userToken:)`` (which calls it), with the same claims and errors.
    package func signJWT(for contents: ZendeskSupportUserToken) throws(IdentityError) -> String {
        let signer = try requireJWTSigner()
        let (name, email) = try ZendeskSupportIdentityRules.requireNameAndEmail(
            name: contents.name, email: contents.email, field: "user token", provider: provider)
        let jti = SecureRandom.uuidString()  // a version 4 UUID, as `UUID().uuidString.lowercased()` writes it
        let now = clock.unixSeconds()
        return signer.sign { claims in
            claims.add("jti", jti)
            claims.add("iat", now)
            claims.add("name", name)
            claims.add("email", email)
            claims.addIfPresent("external_id", contents.userId)
        }
    }
}
