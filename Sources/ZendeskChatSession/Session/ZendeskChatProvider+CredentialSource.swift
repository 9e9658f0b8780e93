public import IdentityBridgeModel

/// The Chat SDK's `JWTAuthenticator` over a credential source: every `getToken` (each connect and
/// re-connect) hands the `jwt` of a fresh credential, so the SDK always gets a JWT within its
/// 7-minute life.
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
    /// connects: this and every later connect or re-authentication ask `source` again.
    ///
    /// ```swift
    /// let session = try await chat.login(credentialSource: client.credentialSource(for: user, from: chatRef))
    /// ```
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        setIdentity(authenticator: ZendeskChatSourceAuthenticator(token: tokenSource(source)))
        let connection = await connect()
        if let failure = connection.failure { throw failure.error(provider: reference) }
        guard connection.visitor.isAuthenticated else {
            throw ZendeskChatFailureReason.tokenUnavailable.error(
                "The chat proceeded anonymously: the credential source gave no JWT.", provider: reference)
        }
        return IdentitySession(provider: reference, user: connection.visitor.user)
    }
}
