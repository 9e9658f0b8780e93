package import IdentityBridgeModel

/// How close a JWT is to its `exp`: check it before login so that users are authenticated with a
/// token that will not expire while they read their conversations.
///
/// ```swift
/// switch ZendeskMessagingExpiryCheck.evaluate(jwt: token, now: clock.unixSeconds(), margin: 300) {
/// case .expiresSoon, .expired: token = try await backend.freshToken()
/// default: break
/// }
/// ```
package enum ZendeskMessagingExpiryCheck: Hashable, Sendable {
    /// The JWT has no `exp`: it never expires.
    case noExpiry
    /// The JWT is valid for `secondsLeft` more seconds, more than the margin.
    case valid(secondsLeft: Int64)
    /// The JWT expires within the margin (`secondsLeft` > 0).
    case expiresSoon(secondsLeft: Int64)
    /// The JWT's `exp` has passed.
    case expired
    /// The token is not a readable JWT or its `exp` is not an integer (login will fail).
    case unreadable(IdentityError)

    /// Reads `exp` (without verifying the signature) and compares it with `now` and `margin`.
    package static func evaluate(jwt: String, now: Int64, margin: Int64) -> ZendeskMessagingExpiryCheck {
        do throws(IdentityError) {
            return evaluate(exp: try UnverifiedJWTClaims(token: jwt).optionalInt("exp"), now: now, margin: margin)
        } catch {
            return .unreadable(error)
        }
    }

    /// Compares a JWT's `exp` (`nil`: it has none) with `now` and `margin`.
    static func evaluate(exp: Int64?, now: Int64, margin: Int64) -> ZendeskMessagingExpiryCheck {
        guard let exp else { return .noExpiry }
        if exp <= now { return .expired }
        // `exp` is any integer the token carries: saturate instead of overflowing.
        let (difference, overflow) = exp.subtractingReportingOverflow(now)
        let left = overflow ? Int64.max : difference
        return left <= margin ? .expiresSoon(secondsLeft: left) : .valid(secondsLeft: left)
    }

    /// Whether a login with this JWT should be warned about.
    package var needsWarning: Bool {
        switch self {
        case .expiresSoon, .expired: true
        case .noExpiry, .valid, .unreadable: false
        }
    }
}
