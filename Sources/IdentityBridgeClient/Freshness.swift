import Foundation
import IdentityBridgeModel

/// How long the client keeps a fetched credential, judged on the client clock's monotonic reading
/// only (no wall clock, no `Date` header).
///
/// The credential's lifetime is the answer's `expires_in`, counted from the moment the request
/// was *sent* (so a slow answer only makes the client more careful). A service that does not write
/// `expires_in` yet is read from the credential's JWTs: `exp - iat` (a clock-free difference), or
/// `CredentialClient/Configuration/lifetimeWithoutExp` for a JWT with `iat` only.
enum Freshness {
    enum Plan: Equatable {
        /// No expiry: cached until logout (or eviction).
        case untilLogout
        /// Cached: refreshed ahead from `refreshAt`, never handed out from `unusableAt`.
        case cache(refreshAt: Double, unusableAt: Double)
        /// Too short-lived to cache safely: handed to the callers of its fetch only.
        case tooShortToCache
        /// No life left when it arrived: handed to no one (the fetch fails).
        case expiredOnArrival
    }

    static func plan(for fetched: CredentialClient.Fetched, configuration: CredentialClient.Configuration) -> Plan {
        let lifetime: TimeInterval
        if let expiresIn = fetched.expiresIn {
            lifetime = TimeInterval(max(0, expiresIn))
        } else {
            switch CredentialExpiry.lifetime(of: fetched.credential, lifetimeWithoutExp: configuration.lifetimeWithoutExp) {
            case .none: return .untilLogout
            case .unknown: return .tooShortToCache
            case .seconds(let seconds): lifetime = seconds
            }
        }
        return plan(
            lifetime: lifetime, sentAt: fetched.sentAt, receivedAt: fetched.receivedAt, refreshMargin: configuration.refreshMargin,
            minimumRemaining: configuration.minimumRemaining)
    }

    /// The plan for a credential living `lifetime` seconds from `sentAt`, received at `receivedAt`.
    ///
    /// - It expires at `sentAt + lifetime`.
    /// - Expired by the time it arrives (`expires_in` 0, or a slower answer), it is handed to no one.
    /// - With less than twice `minimumRemaining` left when it arrives, it is not cached.
    /// - It is never handed out with less than `minimumRemaining` left.
    /// - Its refresh ahead starts `min(refreshMargin, lifetime / 2)` before expiry (the margin
    ///   scales down with short lifetimes), and never after it stops being handed out.
    static func plan(
        lifetime: TimeInterval, sentAt: Double, receivedAt: Double, refreshMargin: TimeInterval, minimumRemaining: TimeInterval
    )
        -> Plan
    {
        let expiry = sentAt + lifetime
        guard expiry > receivedAt else { return .expiredOnArrival }
        guard expiry - receivedAt >= 2 * minimumRemaining, lifetime > 0 else { return .tooShortToCache }
        let margin = max(minimumRemaining, min(refreshMargin, lifetime / 2))
        return .cache(refreshAt: expiry - margin, unusableAt: expiry - minimumRemaining)
    }
}
