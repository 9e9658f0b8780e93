public import IdentityBridgeModel

extension ZendeskChatProvider {
    /// Sets an identity that mints a JWT for `user` on every `getToken`, and connects.
    ///
    /// When the SDK's visitor is bound to another `external_id` (another user logged in, or fell
    /// back to anonymous after logging in), the previous identity ends first as in ``logout()``
    /// (`resetIdentity`: `logged_out`, `identity_reset`), since Chat never lets a visitor's
    /// `external_id` change; then the new user authenticates on the new visitor.
    /// Throws the input error (and emits `login_failed`) when no valid JWT can be minted for
    /// `user`, before anything changes; throws the backend's error after falling back to
    /// anonymous when it refuses the JWT.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try issuer.issue(for: user) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await operations.enqueue(throwing: { () async throws(IdentityError) in
            try await self.performLogin(credential: credential, renewingFor: user)
        }).value.get()
    }

    /// Logs in with a raw `{"jwt": ...}` credential.
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        guard credential.jwt != nil else {
            let error = IdentityError(
                .tokenMissing, field: "jwt", message: "The credential has no \"jwt\" field.",
                recovery: "Pass {\"jwt\": \"<Chat JWT>\"}.", provider: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await operations.enqueue(throwing: { () async throws(IdentityError) in
            try await self.performLogin(credential: credential)
        }).value.get()
    }

    /// The login step, in call order with the other operations: sets the identity and connects. With `user`,
    /// the identity mints a fresh JWT for `user` on every `getToken` (`credential` only proved it can be minted),
    /// and a visitor bound to another `external_id` ends first; without, it hands `credential`'s JWT.
    func performLogin(credential: Credential, renewingFor user: UserIdentity? = nil) async throws(IdentityError) -> IdentitySession {
        let authenticator: any JWTAuthenticator =
            user.map { ZendeskChatIssuingAuthenticator(issuer: issuer, user: $0) }
            ?? ZendeskChatFixedTokenAuthenticator(token: credential.jwt ?? "")
        // The issuer refuses a user without userId, so this is the external_id the JWT carries.
        if let externalId = user?.userId, let bound = await boundExternalId(), bound != externalId {
            await performLogout()
        }
        self.authenticator = authenticator
        let connection = await performConnect(authenticator: authenticator)
        if let failure = connection.failure { throw failure.identityError(provider: reference) }
        guard connection.visitor.isAuthenticated else {
            throw ZendeskChatFailureReason.tokenUnavailable.identityError(
                "The chat proceeded anonymously: getToken gave no JWT.", provider: reference)
        }
        return IdentitySession(
            provider: reference, user: connection.visitor.user, expiresAt: expiry(ofAcceptedToken: user == nil ? credential.jwt : nil))
    }

    /// When the given JWT the backend accepted expires (`exp`, else `iat` + 7 minutes); `now + token_lifetime`
    /// for JWTs minted at connect time by the issuing authenticator.
    func expiry(ofAcceptedToken token: String?) -> Date {
        if let token, let claims = JWTTimeClaims(token: token), let iat = claims.issuedAt {
            return Date(timeIntervalSince1970: TimeInterval(ZendeskChatLimits.effectiveExpiry(issuedAt: iat, expiresAt: claims.expiresAt)))
        }
        return clock.now().addingTimeInterval(TimeInterval(tokenLifetime))
    }

    /// The `external_id` bound to the SDK's current visitor: the one it authenticated with here
    /// (still bound after a fallback to anonymous), or the one the backend reports.
    func boundExternalId() async -> String? {
        let current = await port.currentVisitor()
        if let binding, binding.visitorId == current?.visitorId { return binding.externalId }
        guard let current, current.isAuthenticated else { return nil }
        return current.externalId
    }
}
