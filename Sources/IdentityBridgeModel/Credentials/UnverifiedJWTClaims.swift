import Foundation

/// The claims of a JWT read without checking its signature, with Foundation and no `unsafe`: what an
/// app half reads of a token it hands an SDK (its `exp`, the user it names). The backend verifies
/// with the signing code's `DecodedJWT`; both answer a claim of the wrong type with the same error.
package struct UnverifiedJWTClaims: Sendable {
    /// The payload's members.
    package let claims: [String: JSONValue]

    /// The payload of `token`; `token_malformed` when it is not three dot-separated parts whose middle one
    /// is a base64url JSON object, or is ``JWTTimeClaims/maxLength`` bytes or longer.
    package init(token: String) throws(IdentityError) {
        guard token.utf8.count < JWTTimeClaims.maxLength else {
            throw Self.malformed("The token is \(JWTTimeClaims.maxLength) bytes or longer.")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Self.malformed("A JWT has three dot-separated parts; this token has \(parts.count).") }
        guard let payload = JWTTimeClaims.base64URLDecoded(parts[1]),
            let object = try? JSONDecoder().decode([String: JSONValue].self, from: payload)
        else { throw Self.malformed("The JWT's payload is not a base64url-encoded JSON object.") }
        claims = object
    }

    /// The claim `name`, `nil` when absent.
    package func claim(_ name: String) -> JSONValue? { claims[name] }

    /// The integer claim `name`, or `nil` when absent or `null`; `claim_invalid` when present but not an integer.
    package func optionalInt(_ name: String) throws(IdentityError) -> Int64? {
        guard let value = claims[name], !value.isNull else { return nil }
        guard let int = value.intValue else { throw .claimOfWrongType(name, value, expected: "an integer number of seconds") }
        return int
    }

    /// The integer claim `name`, or `nil` when absent; `claim_invalid` when present but not an integer,
    /// `null` included (a present `exp` must be a number).
    package func presentInt(_ name: String) throws(IdentityError) -> Int64? {
        guard let value = claims[name] else { return nil }
        guard let int = value.intValue else { throw .claimOfWrongType(name, value, expected: "an integer number of seconds") }
        return int
    }

    private static func malformed(_ message: String) -> IdentityError {
        IdentityError(.tokenMalformed, field: "jwt", message: message, recovery: "Send the compact JWT exactly as your backend issued it.")
    }
}

extension IdentityError {
    /// `claim_invalid` for a claim that is present with the wrong type: the one message of the signing
    /// code's `DecodedJWT` and of ``UnverifiedJWTClaims``.
    package static func claimOfWrongType(_ name: String, _ value: JSONValue, expected: String, vendorCode: String? = nil) -> IdentityError {
        IdentityError(
            .claimInvalid, field: name, vendorCode: vendorCode,
            message: "The \"\(name)\" claim is \(value.typeNameWithArticle); it must be \(expected).",
            recovery: "Issue \"\(name)\" as \(expected).")
    }
}
