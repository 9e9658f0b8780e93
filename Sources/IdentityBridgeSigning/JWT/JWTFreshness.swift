/// The one freshness policy every kind that reads `iat` / `exp` applies (vendor-neutral).
///
/// - A present `exp` must be a number (`DecodedJWT/presentInt(_:vendorCode:)`: `null` is `claim_invalid`).
/// - An `iat` more than ``clockSkew`` seconds in the future is `token_not_yet_valid`.
/// - An `iat` `maxAge` seconds old or older is `token_expired` (when the kind bounds the age).
/// - An `exp` more than ``maxLifetime`` seconds after `iat` (or after now, without `iat`) is
///   `token_lifetime_too_long` (when the kind bounds the lifetime).
/// - An `exp` that has passed is `token_expired`.
///
/// Each adapter fills the bounds from its vendor's documented limits (its `*Limits`), or from a
/// configurable setting where the vendor states none, and maps a `Violation` to its vendor code.
///
/// ```swift
/// let policy = JWTFreshness(maxAge: 86_400)
/// if let violation = policy.violation(iat: iat, exp: nil, now: clock.unixSeconds()) { throw map(violation) }
/// ```
public struct JWTFreshness: Hashable, Sendable {
    /// Seconds an `iat` may lie in the future when the vendor documents no skew: one minute,
    /// enough for servers synchronized with NTP, small enough that a post-dated token is refused.
    public static let defaultClockSkew: Int64 = 60

    /// Seconds an `iat` may lie in the future.
    public var clockSkew: Int64
    /// The oldest accepted `iat`, in seconds before now; `nil`: the age is not bounded.
    package var maxAge: Int64?
    /// The longest accepted `exp - iat` (or `exp - now` without `iat`); `nil`: not bounded.
    public var maxLifetime: Int64?

    /// Creates a policy.
    public init(clockSkew: Int64 = JWTFreshness.defaultClockSkew, maxAge: Int64? = nil, maxLifetime: Int64? = nil) {
        self.clockSkew = clockSkew
        self.maxAge = maxAge
        self.maxLifetime = maxLifetime
    }

    /// What broke the policy, with the numbers to explain it.
    package enum Violation: Hashable, Sendable {
        /// `iat` is `secondsAhead` seconds in the future, beyond the skew.
        case issuedInFuture(secondsAhead: Int64, skew: Int64)
        /// `iat` is `age` seconds old, at or beyond `maxAge`.
        case tooOld(age: Int64, maxAge: Int64)
        /// `exp` lies `lifetime` seconds after its reference (`iat`, else now), beyond `maxLifetime`.
        case lifetimeTooLong(lifetime: Int64, maxLifetime: Int64)
        /// `exp` has passed `secondsAgo` seconds ago.
        case expired(secondsAgo: Int64)

        /// The uniform code of the violation.
        package var code: IdentityError.Code {
            switch self {
            case .issuedInFuture: .tokenNotYetValid
            case .tooOld, .expired: .tokenExpired
            case .lifetimeTooLong: .tokenLifetimeTooLong
            }
        }

        /// The claim at fault.
        package var field: String {
            switch self {
            case .issuedInFuture, .tooOld: "iat"
            case .lifetimeTooLong, .expired: "exp"
            }
        }

        /// One sentence that says what is wrong (numbers only, never a token value).
        package var message: String {
            switch self {
            case .issuedInFuture(let ahead, let skew):
                "iat is \(ahead) seconds in the future; at most \(skew) seconds of clock skew are allowed."
            case .tooOld(let age, let maxAge): "iat is \(age) seconds old; tokens are accepted for less than \(maxAge) seconds."
            case .lifetimeTooLong(let lifetime, let maxLifetime):
                "exp is \(lifetime) seconds away; at most \(maxLifetime) seconds are allowed."
            case .expired(let ago): "The JWT expired \(ago) seconds ago."
            }
        }

        /// The uniform error for the violation, with the adapter's vendor code.
        package func error(vendorCode: String?, recovery: String, provider: ProviderReference? = nil) -> IdentityError {
            IdentityError(code, field: field, vendorCode: vendorCode, message: message, recovery: recovery, provider: provider)
        }
    }

    /// The first rule `iat` / `exp` break at `now`, or `nil`. Differences saturate: both claims
    /// are attacker-chosen integers and never trap.
    package func violation(iat: Int64?, exp: Int64?, now: Int64) -> Violation? {
        if let iat {
            let ahead = Self.saturatingDifference(iat, now)
            if ahead > clockSkew { return .issuedInFuture(secondsAhead: ahead, skew: clockSkew) }
            if let maxAge {
                let age = Self.saturatingDifference(now, iat)
                if age >= maxAge { return .tooOld(age: age, maxAge: maxAge) }
            }
        }
        if let exp {
            if let maxLifetime {
                let lifetime = Self.saturatingDifference(exp, iat ?? now)
                if lifetime > maxLifetime { return .lifetimeTooLong(lifetime: lifetime, maxLifetime: maxLifetime) }
            }
            if now >= exp { return .expired(secondsAgo: Self.saturatingDifference(now, exp)) }
        }
        return nil
    }

    /// `a - b`, clamped to the Int64 range instead of overflowing.
    public static func saturatingDifference(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return difference }
        return a > b ? .max : .min
    }
}
