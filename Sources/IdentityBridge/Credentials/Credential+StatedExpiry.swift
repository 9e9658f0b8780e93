import Foundation

extension Credential {
    /// The credential's string fields that are JWTs (three dot-separated parts, shorter than
    /// ``DecodedJWT/defaultMaxLength``), decoded; every other field is skipped. The one scan behind
    /// ``statedExpiry`` and the client's `CredentialExpiry`.
    package var jwtFields: [DecodedJWT] {
        fields.values.compactMap { value in
            guard let text = value.stringValue, text.utf8.count < DecodedJWT.defaultMaxLength,
                text.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }) == 2
            else { return nil }
            return try? DecodedJWT.decode(text)
        }
    }

    /// When the credential stops being accepted: ``expiresAt`` when its issuer set it, else the earliest
    /// `exp` claim of its JWT fields (a third-party kind that returns `.jwt(token)` without an expiry
    /// gets `expires_in` from its own token). `nil` when neither says (a digest that lives until logout).
    package var statedExpiry: Date? {
        if let expiresAt { return expiresAt }
        return jwtFields.compactMap { $0.claim("exp")?.intValue }.min().map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
