import IdentityBridge

/// Benchmark-local implementations of exactly what each vendor requires, written on the core
/// primitives (HS256Signer, DecodedJWT, HMACDigest), the way the adapters use them.
/// Limits follow /work/shared/specs (Chat: external_id <= 200, iat skew 2 min, exp <= iat + 7 min;
/// Messaging: scope "user", external_id <= 255, kid among at most 10 keys; Support: jti, iat,
/// name, email, external_id).
enum VendorOps {
    static let chatExternalIdMax = 200
    static let chatIatSkew: Int64 = 120
    static let chatMaxLifetime: Int64 = 420
    static let messagingExternalIdMax = 255
    static let supportMaxAge: Int64 = 180

    /// Whether `s` has at most `limit` characters; a string of at most `limit` UTF-8 bytes cannot
    /// have more characters, so the grapheme count is needed only for longer ones.
    @inline(__always)
    static func fits(_ s: String, _ limit: Int) -> Bool { s.utf8.count <= limit || s.count <= limit }

    // MARK: Zendesk Chat

    static func mintChat(_ signer: HS256Signer, name: String, email: String, externalID: String, now: Int64, lifetime: Int64) -> String {
        signer.sign { claims in
            claims.add("name", name)
            claims.add("email", email)
            claims.add("external_id", externalID)
            claims.add("iat", now)
            claims.add("exp", now + lifetime)
        }
    }

    /// Verifies a Chat JWT with every Chat rule; returns the external id.
    static func verifyChat(_ token: String, signer: HS256Signer, now: Int64) throws(IdentityError) -> String {
        let jwt = try DecodedJWT.decode(token)
        try jwt.requireHS256(vendorCode: "invalidAccessToken")
        guard jwt.verifySignature(with: signer) else { throw invalidSignature("invalidSharedSecret") }
        _ = try jwt.requiredString("name", vendorCode: "invalidName")
        _ = try jwt.requiredString("email", vendorCode: "invalidEmail")
        let externalID = try jwt.requiredString("external_id")
        guard fits(externalID, chatExternalIdMax) else { throw tooLong("external_id", chatExternalIdMax) }
        let iat = try jwt.requiredInt("iat")
        guard iat <= now + chatIatSkew else { throw notYetValid() }
        if let exp = try jwt.optionalInt("exp") {
            guard exp > now else { throw expired("tokenHasExpired") }
            guard exp - iat <= chatMaxLifetime else {
                throw IdentityError(.tokenLifetimeTooLong, field: "exp", message: "exp is more than 7 minutes after iat.", recovery: "Issue exp <= iat + 420.")
            }
        }
        return externalID
    }

    // MARK: Zendesk Messaging

    static func mintMessaging(_ signer: HS256Signer, name: String, email: String, externalID: String, now: Int64, lifetime: Int64) -> String {
        signer.sign { claims in
            claims.add("scope", "user")
            claims.add("external_id", externalID)
            claims.add("name", name)
            claims.add("email", email)
            claims.add("exp", now + lifetime)
        }
    }

    /// Verifies a Messaging JWT: kid lookup among the signing keys (HS256KeyRing), then every Messaging rule.
    static func verifyMessaging(_ token: String, ring: HS256KeyRing, now: Int64) throws(IdentityError) -> String {
        let (jwt, _) = try ring.verify(token)
        guard try jwt.requiredString("scope") == "user" else {
            throw IdentityError(.claimInvalid, field: "scope", message: "scope must be \"user\".", recovery: "Set scope to \"user\".")
        }
        let externalID = try jwt.requiredString("external_id")
        guard fits(externalID, messagingExternalIdMax) else { throw tooLong("external_id", messagingExternalIdMax) }
        _ = try jwt.optionalString("name")
        _ = try jwt.optionalString("email")
        _ = try jwt.optionalBool("email_verified")
        if let exp = try jwt.optionalInt("exp") {
            guard exp > now else { throw expired("expiredJWT") }
        }
        return externalID
    }

    // MARK: Zendesk Support

    static func mintSupport(_ signer: HS256Signer, jti: String, name: String, email: String, externalID: String, now: Int64) -> String {
        signer.sign { claims in
            claims.add("jti", jti)
            claims.add("iat", now)
            claims.add("name", name)
            claims.add("email", email)
            claims.add("external_id", externalID)
        }
    }

    static func verifySupport(_ token: String, signer: HS256Signer, now: Int64) throws(IdentityError) -> String {
        let jwt = try DecodedJWT.decode(token)
        try jwt.requireHS256()
        guard jwt.verifySignature(with: signer) else { throw invalidSignature(nil) }
        let jti = try jwt.requiredString("jti")
        guard !jti.isEmpty else { throw IdentityError(.claimInvalid, field: "jti", message: "jti is empty.", recovery: "Issue a unique jti.") }
        let iat = try jwt.requiredInt("iat")
        guard iat <= now + chatIatSkew else { throw notYetValid() }
        guard now - iat <= supportMaxAge else { throw expired(nil) }
        _ = try jwt.requiredString("name")
        _ = try jwt.requiredString("email")
        return try jwt.optionalString("external_id") ?? ""
    }

    // MARK: Helpshift

    /// The userAuthToken: lowercase hex HMAC-SHA256 of the user id with a precomputed key.
    static func helpshiftToken(_ key: HMACDigest.Key, userID: String) -> String {
        key.hex(of: userID)
    }

    // MARK: Errors

    static func invalidSignature(_ vendorCode: String?) -> IdentityError {
        IdentityError(.tokenInvalid, field: "signature", vendorCode: vendorCode, message: "Bad signature.", recovery: "Sign with the shared secret.")
    }

    static func tooLong(_ field: String, _ limit: Int) -> IdentityError {
        IdentityError(.valueTooLong, field: field, message: "\(field) is longer than \(limit).", recovery: "Shorten \(field).")
    }

    static func notYetValid() -> IdentityError {
        IdentityError(.tokenNotYetValid, field: "iat", message: "iat is in the future.", recovery: "Check the clock.")
    }

    static func expired(_ vendorCode: String?) -> IdentityError {
        IdentityError(.tokenExpired, field: "exp", vendorCode: vendorCode, message: "The JWT has expired.", recovery: "Issue a fresh JWT.")
    }
}
