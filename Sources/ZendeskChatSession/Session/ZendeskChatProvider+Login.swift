public import IdentityBridgeModel

extension ZendeskChatProvider {
    /// A credential without a `jwt` is `token_missing` before the SDK sees it.
    public func checkCredential(_ credential: Credential) throws(IdentityError) {
        guard credential.jwt != nil else {
            throw IdentityError(
                .tokenMissing, field: "jwt", message: "The credential has no \"jwt\" field.",
                recovery: "Pass {\"jwt\": \"<Chat JWT>\"}.", provider: reference)
        }
    }

    /// Whether the visitor's identity ends before `credential` logs in: when the visitor is bound to another
    /// `external_id` than the one the login names (`user`'s id, which the issuer requires, or the JWT's
    /// `external_id`), since Chat never lets a visitor's `external_id` change.
    public func mustEndSession(before credential: Credential, for user: UserIdentity?) async -> Bool {
        guard let bound = await boundExternalId() else { return false }
        let named = user?.userId ?? (try? UnverifiedJWTClaims(token: credential.jwt ?? ""))?.claim("external_id")?.stringValue
        return named.map { $0 != bound } ?? false
    }

    /// The login step, in call order with the other operations: sets an identity and connects.
    ///
    /// With `user` (``login(_:)``), the identity mints a fresh JWT for `user` on every `getToken` (`credential`
    /// only proved it can be minted). With a credential
    /// source (``login(credentialSource:)``), the first `getToken` hands `credential`'s JWT and every later one
    /// asks the source. Otherwise it hands `credential`'s JWT. A refused JWT leaves the chat anonymous: the
    /// engine's `authentication_failed`, then `fell_back_to_anonymous` (and the conversation's events).
    public func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession {
        let jwt = credential.jwt ?? ""
        let authenticator: any JWTAuthenticator =
            if let user { ZendeskChatIssuingAuthenticator(issuer: issuer, user: user) } else if let credentialSource {
                ZendeskChatSourceAuthenticator(first: jwt, token: tokenSource(credentialSource))
            } else {
                ZendeskChatFixedTokenAuthenticator(token: jwt)
            }
        self.authenticator = authenticator
        let connection = await performConnect(authenticator: authenticator, asLogin: true)
        if let failure = connection.failure {
            throw .sdk(failure.identityError(provider: reference), then: fallbackEvents(connection))
        }
        guard connection.visitor.isAuthenticated else {
            throw .failed(
                ZendeskChatFailureReason.tokenUnavailable.identityError(
                    "The chat proceeded anonymously: getToken gave no JWT.", provider: reference))
        }
        return IdentitySession(
            provider: reference, user: connection.visitor.user, expiresAt: expiry(ofAcceptedToken: user == nil ? jwt : nil))
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
