import Foundation

extension Credential {
    /// When the credential stops being accepted: ``expiresAt`` when its issuer set it, else the earliest
    /// `exp` claim of its JWT fields (a third-party kind that returns `.jwt(token)` without an expiry
    /// gets `expires_in` from its own token). `nil` when neither says (a digest that lives until logout).
    package var statedExpiry: Date? {
        if let expiresAt { return expiresAt }
        var earliest: Date?
        for (_, value) in fields {
            guard let text = value.stringValue, text.utf8.count < DecodedJWT.defaultMaxLength,
                text.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }) == 2,
                let exp = (try? DecodedJWT.decode(text))?.claim("exp")?.intValue
            else { continue }
            let expiry = Date(timeIntervalSince1970: TimeInterval(exp))
            earliest = min(earliest ?? expiry, expiry)
        }
        return earliest
    }
}
