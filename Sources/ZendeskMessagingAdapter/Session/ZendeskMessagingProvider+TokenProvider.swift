public import IdentityBridge

extension ZendeskMessagingClosureTokenSource {
    /// A token source that asks `tokenProvider` for every fresh JWT (e.g. `IdentityBridgeClient`'s
    /// `CredentialClient.tokenProvider(for:from:)`).
    public init(tokenProvider: @escaping @Sendable () async throws(IdentityError) -> String) {
        self.init { _, _ throws(IdentityError) in try await tokenProvider() }
    }
}

extension ZendeskMessagingProvider {
    /// Logs in with a JWT from `tokenProvider` and keeps it as the token source, so an
    /// `expiredJWT` is answered with a fresh JWT from the same place (no app glue).
    ///
    /// ```swift
    /// let session = try await messaging.login(tokenProvider: client.tokenProvider(for: user, from: messagingRef))
    /// ```
    @discardableResult
    public func login(tokenProvider: @escaping @Sendable () async throws(IdentityError) -> String) async throws(IdentityError)
        -> IdentitySession
    {
        setTokenSource(ZendeskMessagingClosureTokenSource(tokenProvider: tokenProvider))
        let jwt: String
        do { jwt = try await tokenProvider() } catch { throw error.attributed(to: reference) }
        return try await login(credential: .jwt(jwt))
    }
}

extension ZendeskMessagingProvider: CredentialSourceLogin {
    /// ``login(tokenProvider:)`` with the `jwt` field of each credential `source` hands: an
    /// `expiredJWT` is answered with a fresh JWT from `source`.
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        try await login(tokenProvider: jwtProvider(source))
    }
}
