package import Foundation
package import IdentityBridgeModel

/// When a credential stops being accepted, read from the credential itself (on the service's clock).
package enum CredentialExpiry {
    /// The earliest expiry of the credential's JWT fields (`jwt`, `user_token`, any string that
    /// decodes as a JWT): its `exp`, else `iat` + `lifetimeWithoutExp`. `nil` when no field is a
    /// JWT (a digest such as Helpshift's `userAuthToken` lives until logout).
    package static func expiry(of credential: Credential, lifetimeWithoutExp: TimeInterval) -> Date? {
        credential.jwtTimeClaims.compactMap { expiry(of: $0, lifetimeWithoutExp: lifetimeWithoutExp) }.min()
    }

    private static func expiry(of claims: JWTTimeClaims, lifetimeWithoutExp: TimeInterval) -> Date? {
        if let exp = claims.expiresAt { return Date(timeIntervalSince1970: TimeInterval(exp)) }
        if let iat = claims.issuedAt { return Date(timeIntervalSince1970: TimeInterval(iat) + lifetimeWithoutExp) }
        return nil
    }

    /// A credential's lifetime as its JWTs state it, without reading any clock.
    package enum Lifetime: Equatable, Sendable {
        /// No field is a JWT with `exp` or `iat`: it lives until logout.
        case none
        /// A JWT has `exp` but no `iat`: its lifetime cannot be known without a clock.
        case unknown
        /// The shortest of its JWTs' `exp - iat` (or `lifetimeWithoutExp` for `iat` only).
        case seconds(TimeInterval)
    }

    /// The lifetime of `credential`'s JWT fields (`exp - iat`; `lifetimeWithoutExp` with `iat`
    /// only): what the client falls back on when an answer carries no `expires_in`.
    package static func lifetime(of credential: Credential, lifetimeWithoutExp: TimeInterval) -> Lifetime {
        var result = Lifetime.none
        for claims in credential.jwtTimeClaims {
            let exp = claims.expiresAt
            let iat = claims.issuedAt
            let seconds: TimeInterval
            switch (exp, iat) {
            case (let exp?, let iat?): seconds = TimeInterval(exp) - TimeInterval(iat)
            case (nil, _?): seconds = lifetimeWithoutExp
            case (_?, nil): return .unknown
            case (nil, nil): continue
            }
            if case .seconds(let shortest) = result, shortest <= seconds { continue }
            result = .seconds(max(0, seconds))
        }
        return result
    }
}
