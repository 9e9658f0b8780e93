public import IdentityBridgeModel
import Synchronization

/// Mirrors the Chat SDK's `JWTAuthenticator`: the SDK calls ``getToken(_:)`` before it connects
/// (and whenever it re-authenticates); the completion gets a JWT or an error.
///
/// ```swift
/// struct MyAuth: JWTAuthenticator {
///     func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
///         fetchFromMyService { result in completion(try? result.get(), nil) }
///     }
/// }
/// ```
public protocol JWTAuthenticator: Sendable {
    /// Retrieves a JWT from the app's service and calls `completion(token, nil)` or `completion(nil, error)`.
    func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void)
}

extension JWTAuthenticator {
    /// The async form of ``getToken(_:)``: the token, or `token_missing` (vendor
    /// `invalidAccessToken`) when the completion gave an error or no token. A completion called
    /// more than once is ignored after the first call; one never called suspends the caller, as
    /// the SDK waits for the token.
    public func getToken() async throws(IdentityError) -> String {
        let once = Mutex(false)
        let (token, error): (String?, (any Error)?) = await withCheckedContinuation { continuation in
            getToken { token, error in
                let first = once.withLock { called in
                    defer { called = true }
                    return !called
                }
                if first { continuation.resume(returning: (token, error)) }
            }
        }
        if let token, !token.isEmpty, error == nil { return token }
        let detail = error.map { "getToken failed: \(String(describing: $0))." } ?? "getToken completed without a token."
        throw ZendeskChatFailureReason.tokenUnavailable.identityError(detail)
    }
}

/// The backend's authenticator: mints a fresh Chat JWT for one user on every ``getToken(_:)``.
package struct ZendeskChatIssuingAuthenticator: JWTAuthenticator {
    /// The issuer that mints the JWT (the adapter's `ZendeskChatIssuer`).
    package let issuer: any CredentialIssuer
    /// The user the JWT is for.
    package let user: UserIdentity

    /// Creates an authenticator for `user`.
    package init(issuer: any CredentialIssuer, user: UserIdentity) {
        self.issuer = issuer
        self.user = user
    }

    /// Completes with a fresh JWT, or with the `IdentityError` that prevents minting one.
    package func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        do { completion(try issuer.issue(for: user).jwt, nil) } catch { completion(nil, error) }
    }
}

/// An authenticator that always answers the same token (a credential obtained elsewhere).
public struct ZendeskChatFixedTokenAuthenticator: JWTAuthenticator {
    /// The token answered.
    public let token: String
    /// Creates an authenticator answering `token`.
    public init(token: String) { self.token = token }
    /// Completes with ``token``.
    public func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) { completion(token, nil) }
}
