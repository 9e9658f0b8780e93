import Foundation

/// The time claims (`exp`, `iat`) of one JWT field of a credential, read without checking its
/// signature: what the app half needs to know when its own credential stops being accepted.
package struct JWTTimeClaims: Equatable, Sendable {
    /// The longest token read as a JWT (64 KiB): defined here once, and the signing code's
    /// `DecodedJWT.defaultMaxLength` is this limit.
    package static let maxLength = 65_536

    /// `exp` (seconds since 1970), when the payload states it as an integer.
    package var expiresAt: Int64?
    /// `iat` (seconds since 1970), when the payload states it as an integer.
    package var issuedAt: Int64?

    /// The time claims of `token`, or `nil` when it is not three dot-separated parts whose middle one
    /// is a base64url JSON object, or is `maxLength` bytes or longer.
    package init?(token: String) {
        // One reading of a JWT in the app half: ``UnverifiedJWTClaims``. A time claim that is not an integer
        // (`1.5`, `"soon"`) reads as absent here, not as a broken token.
        guard let claims = try? UnverifiedJWTClaims(token: token) else { return nil }
        expiresAt = claims.claim("exp")?.intValue
        issuedAt = claims.claim("iat")?.intValue
    }

    /// The bytes of base64url `text` (no padding), `nil` when it is not base64url.
    package static func base64URLDecoded(_ text: Substring) -> Data? {
        guard !text.contains("=") else { return nil }
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

extension Credential {
    /// The time claims of the credential's string fields that are JWTs; every other field is skipped.
    /// The one scan behind ``statedExpiry`` and the client's `CredentialExpiry`.
    package var jwtTimeClaims: [JWTTimeClaims] {
        fields.values.compactMap { value in value.stringValue.flatMap(JWTTimeClaims.init(token:)) }
    }

    /// When the credential stops being accepted: ``expiresAt`` when its issuer set it, else the earliest
    /// `exp` claim of its JWT fields (a third-party kind that returns `.jwt(token)` without an expiry
    /// gets `expires_in` from its own token). `nil` when neither says (a digest that lives until logout).
    package var statedExpiry: Date? {
        if let expiresAt { return expiresAt }
        return jwtTimeClaims.compactMap(\.expiresAt).min().map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
