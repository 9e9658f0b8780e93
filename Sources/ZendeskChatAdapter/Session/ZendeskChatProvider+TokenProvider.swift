public import IdentityBridge

/// An authenticator whose ``getToken(_:)`` asks an async token provider (e.g. `IdentityBridgeClient`'s
/// `CredentialClient.tokenProvider(for:from:)`) on every connect and re-connect, so the Chat SDK
/// always gets a JWT within its 7-minute life.
public struct ZendeskChatTokenProviderAuthenticator: JWTAuthenticator {
    private let tokenProvider: @Sendable () async throws(IdentityError) -> String

    /// Wraps `tokenProvider`.
    public init(tokenProvider: @escaping @Sendable () async throws(IdentityError) -> String) {
        self.tokenProvider = tokenProvider
    }

    /// Completes with the provider's token, or with its `IdentityError`.
    public func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        let tokenProvider = self.tokenProvider
        Task {
            do throws(IdentityError) { completion(try await tokenProvider(), nil) } catch { completion(nil, error) }
        }
    }
}

extension ZendeskChatProvider {
    /// Sets a ``ZendeskChatTokenProviderAuthenticator`` over `tokenProvider` as the identity and
    /// connects: this and every later connect or re-authentication ask it for the JWT.
    ///
    /// ```swift
    /// let session = try await chat.login(tokenProvider: client.tokenProvider(for: user, from: chatRef))
    /// ```
    @discardableResult
    public func login(tokenProvider: @escaping @Sendable () async throws(IdentityError) -> String) async throws(IdentityError)
        -> IdentitySession
    {
        setIdentity(authenticator: ZendeskChatTokenProviderAuthenticator(tokenProvider: tokenProvider))
        let connection = await connect()
        if let failure = connection.failure { throw failure.error(provider: reference) }
        guard connection.visitor.isAuthenticated else {
            throw ZendeskChatFailureReason.tokenUnavailable.error(
                "The chat proceeded anonymously: the token provider gave no JWT.", provider: reference)
        }
        return IdentitySession(provider: reference, user: connection.visitor.user)
    }
}

extension ZendeskChatProvider: CredentialSourceLogin {
    /// ``login(tokenProvider:)`` with the `jwt` field of each credential `source` hands: every
    /// connect and re-connect asks `source` (a `CredentialClient`'s cache) again.
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        try await login(tokenProvider: jwtProvider(source))
    }
}
