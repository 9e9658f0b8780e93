public import IdentityBridgeModel

/// The Chat SDK's `JWTAuthenticator` over a credential source: every `getToken` (each connect and
/// re-connect) hands the `jwt` the source answers: a credential client's source answers from its
/// cache while the JWT is fresh, and a new one when the bridge asks after the SDK refused the last
/// (`CredentialSourceCall.afterRefusal`, which reaches the source through this authenticator's task).
struct ZendeskChatSourceAuthenticator: JWTAuthenticator {
    let token: @Sendable () async throws(IdentityError) -> String

    /// Completes with the source's JWT, or with its `IdentityError`.
    func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        let token = self.token
        Task {
            do throws(IdentityError) { completion(try await token(), nil) } catch { completion(nil, error) }
        }
    }
}

extension ZendeskChatProvider {
    /// Sets an identity whose authenticator asks `source` for the `jwt` on every `getToken`, and
    /// connects: this and every later connect or re-authentication ask `source` again (from its cache
    /// while fresh; a bridge that saw the SDK refuse the JWT asks with `CredentialSourceCall.afterRefusal`).
    ///
    /// ```swift
    /// let session = try await chat.login(credentialSource: client.credentialSource(for: user, from: chatRef))
    /// ```
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        setIdentity(authenticator: ZendeskChatSourceAuthenticator(token: tokenSource(source)))
        let connection = await connect()
        if let failure = connection.failure { throw failure.identityError(provider: reference) }
        guard connection.visitor.isAuthenticated else {
            throw ZendeskChatFailureReason.tokenUnavailable.identityError(
                "The chat proceeded anonymously: the credential source gave no JWT.", provider: reference)
        }
        return IdentitySession(provider: reference, user: connection.visitor.user)
    }
}
