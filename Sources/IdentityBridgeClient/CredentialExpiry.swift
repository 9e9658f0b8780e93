public import Foundation
public import IdentityBridge

/// When a credential stops being accepted, read from the credential itself (on the service's clock).
public enum CredentialExpiry {
    /// The earliest expiry of the credential's JWT fields (`jwt`, `user_token`, any string that
    /// decodes as a JWT): its `exp`, else `iat` + `lifetimeWithoutExp`. `nil` when no field is a
    /// JWT (a digest such as Helpshift's `userAuthToken` lives until logout).
    public static func expiry(of credential: Credential, lifetimeWithoutExp: TimeInterval) -> Date? {
        var earliest: Date?
        for (_, value) in credential.fields {
            guard let text = value.stringValue, text.utf8.count < DecodedJWT.defaultMaxLength,
                let expiry = jwtExpiry(text, lifetimeWithoutExp: lifetimeWithoutExp)
            else { continue }
            earliest = min(earliest ?? expiry, expiry)
        }
        return earliest
    }

    /// A JWT's `exp`, else `iat` + `lifetimeWithoutExp`; `nil` for a string that is not a JWT or has neither claim.
    public static func jwtExpiry(_ token: String, lifetimeWithoutExp: TimeInterval) -> Date? {
        guard token.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }) == 2,
            let decoded = try? DecodedJWT.decode(token)
        else { return nil }
        if let exp = decoded.claim("exp")?.intValue { return Date(timeIntervalSince1970: TimeInterval(exp)) }
        if let iat = decoded.claim("iat")?.intValue { return Date(timeIntervalSince1970: TimeInterval(iat) + lifetimeWithoutExp) }
        return nil
    }
}
