public import IdentityBridge

/// Why the adapter asks the app for a fresh JWT.
public enum ZendeskMessagingRefreshReason: String, Hashable, Sendable {
    /// The session's JWT expired (`expiredJWT`).
    case expired
    /// A JWT about to be used for login expires within the warning margin.
    case expiresSoon = "expires_soon"
}

/// The hook through which the app supplies a fresh JWT. The adapter never renews a token on its
/// own: without a token source it only emits `credentials_refresh_requested`.
///
/// With a token source set, when an operation fails with `expiredJWT` the adapter emits
/// `credentials_refresh_requested`, calls ``freshJWT(for:reason:)``, logs in with the returned JWT
/// (`login_succeeded`) and retries the failed operation once. If the source throws, the original
/// `token_expired` error is thrown.
public protocol ZendeskMessagingTokenSource: Sendable {
    /// A fresh JWT for `user` (the user whose session expired, when known).
    func freshJWT(for user: ProviderUser?, reason: ZendeskMessagingRefreshReason) async throws(IdentityError) -> String
}

/// A token source backed by a closure.
///
/// ```swift
/// await provider.setTokenSource(ZendeskMessagingClosureTokenSource { user, _ in
///     try await backend.messagingJWT(for: user?.externalId)
/// })
/// ```
public struct ZendeskMessagingClosureTokenSource: ZendeskMessagingTokenSource {
    private let body: @Sendable (ProviderUser?, ZendeskMessagingRefreshReason) async throws(IdentityError) -> String

    /// Wraps `body`.
    public init(_ body: @escaping @Sendable (ProviderUser?, ZendeskMessagingRefreshReason) async throws(IdentityError) -> String) {
        self.body = body
    }

    /// Calls the closure.
    public func freshJWT(for user: ProviderUser?, reason: ZendeskMessagingRefreshReason) async throws(IdentityError) -> String {
        try await body(user, reason)
    }
}
