/// Why the adapter asks for a fresh JWT (the `reason` of `credentials_refresh_requested`).
public enum ZendeskMessagingRefreshReason: String, Hashable, Sendable {
    /// The session's JWT expired (`expiredJWT`).
    case expired
    /// A JWT about to be used for login expires within the warning margin.
    case expiresSoon = "expires_soon"
}
