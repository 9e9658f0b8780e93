public import IdentityBridgeModel
import Synchronization

/// The Chat SDK's `JWTAuthenticator` over a credential source: every `getToken` (each connect and
/// re-connect) hands the `jwt` the source answers: a credential client's source answers from its
/// cache while the JWT is fresh, and a new one when the bridge asks after the SDK refused the last
/// (`CredentialSourceCall.afterRefusal`, which reaches the source through this authenticator's task).
/// The first `getToken` hands the JWT the login already has (the engine asked the source for it).
final class ZendeskChatSourceAuthenticator: JWTAuthenticator {
    let first: Mutex<String?>
    let token: @Sendable () async throws(IdentityError) -> String

    init(first: String, token: @escaping @Sendable () async throws(IdentityError) -> String) {
        self.first = Mutex(first)
        self.token = token
    }

    /// Completes with the login's JWT the first time, then with the source's, or with its `IdentityError`.
    func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        if let jwt = first.withLock({ first in
            defer { first = nil }
            return first
        }) {
            return completion(jwt, nil)
        }
        let token = self.token
        Task {
            do throws(IdentityError) { completion(try await token(), nil) } catch { completion(nil, error) }
        }
    }
}

extension ZendeskChatProvider {
    /// Keeps `source`: the login's identity and every later connect or re-authentication ask it on `getToken`
    /// (from its cache while fresh; a bridge that saw the SDK refuse the JWT asks with
    /// `CredentialSourceCall.afterRefusal`).
    ///
    /// ```swift
    /// let session = try await chat.login(credentialSource: client.credentialSource(for: user, from: chatRef))
    /// ```
    public func adoptCredentialSource(_ source: @escaping CredentialSource) { credentialSource = source }

    /// Forgets the source of the last ``login(credentialSource:)``.
    public func dropCredentialSource() { credentialSource = nil }
}
