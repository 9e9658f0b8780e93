public import IdentityBridge

extension HelpshiftIssuer {
    /// Verifies a `userAuthToken` for `user` as Helpshift does with identity verification on
    /// (constant time, any of `secret` and `previous_secrets`), or, with the Identity System on,
    /// an identities JWT (then `user` is ignored).
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        if settings.identitySystem, token.utf8.lazy.filter({ $0 == UInt8(ascii: ".") }).count == 2 {
            return try verifyIdentityToken(token)
        }
        // "If the value of "userAuthToken" is empty string, after trimming spaces, then do not include this parameter".
        guard !token.isBlank else {
            throw HelpshiftAuthenticationFailureReason.authTokenNotProvided.identityError(provider: provider)
        }
        guard let user else {
            throw IdentityError(
                .missingIdentifier, field: "userId", message: "A userAuthToken proves one user; no user was given to check it against.",
                recovery: "Pass the user's id and/or email with the token.", provider: provider)
        }
        let ids = try identifiers(of: user)
        // The same ceilings as issue(for:) applies (the email's, on the legacy login).
        try user.checkLengths(name: false, email: !settings.identitySystem, provider: provider)
        let message = try digestMessage(userId: ids.userId, email: ids.email)
        let given = Array(token.utf8)
        var matched: Int?
        for (index, key) in digestKeys.enumerated() {
            let expected = Array(digest(message, key: key).utf8)
            if HMACDigest.constantTimeEquals(expected, given), matched == nil { matched = index }
        }
        guard let matched else { throw HelpshiftAuthenticationFailureReason.invalidAuthToken.identityError(provider: provider) }
        var claims: [String: JSONValue] = ["digest_input": .string(settings.fullPrivacy ? "user_id" : settings.digestInput.rawValue)]
        if let userId = ids.userId { claims["userId"] = .string(userId) }
        if let email = ids.email { claims["userEmail"] = .string(email) }
        return VerifiedCredential(claims: claims, keyID: matched == 0 ? "secret" : "previous_secrets[\(matched - 1)]")
    }

    /// Verifies an identities JWT as Helpshift does (the checks of ``verify(_:)``) and returns every claim, as
    /// the session asks when the SDK refused a login.
    package func verifyIdentityToken(_ token: String) throws(IdentityError) -> VerifiedCredential {
        VerifiedCredential(claims: try verifiedIdentityToken(token).decoded.claims)
    }

    /// Verifies an identities JWT as Helpshift does: HS256 with the Identity System secret, mandatory
    /// `iat` under 24 hours old, and every identity within the documented limits; returns its typed claims.
    public func verify(_ token: String) throws(IdentityError) -> HelpshiftClaims {
        try verifiedIdentityToken(token).claims
    }

    /// The one verification path of an identities JWT behind ``verify(_:)`` and ``verify(_:for:)``.
    private func verifiedIdentityToken(_ token: String) throws(IdentityError) -> (decoded: DecodedJWT, claims: HelpshiftClaims) {
        let signer = try requireSigner()
        let invalid = HelpshiftLoginFailureReason.identityTokenInvalid.rawValue
        let decoded: DecodedJWT
        do { decoded = try DecodedJWT.decode(token) } catch {
            var error = error
            error.vendorCode = invalid
            throw error.attributed(to: provider)
        }
        do { try decoded.requireHS256(vendorCode: invalid) } catch { throw error.attributed(to: provider) }
        guard decoded.verifySignature(with: signer) else {
            throw IdentityError(
                .tokenInvalid, field: "jwt", vendorCode: invalid,
                message: "The identities JWT signature does not match the Identity System secret.",
                recovery: "Sign the JWT with identity_secret.", provider: provider)
        }
        let iat: Int64
        // IatIsMandatory: "iat key is missing in the JWT" (absent or null: no value); an iat of the
        // wrong type is a JWT "not in valid format".
        let iatVendor = decoded.claim("iat").map { !$0.isNull } ?? false ? invalid : HelpshiftLoginFailureReason.iatIsMandatory.rawValue
        do { iat = try decoded.mandatoryInt("iat", vendorCode: iatVendor) } catch {
            throw error.attributed(to: provider)
        }
        // "iat is mandatory and must be less than 24 hours old" (vendor-notes); an iat in the future
        // beyond the core's clock skew is no issue time either.
        if let violation = HelpshiftLimits.identityTokenFreshness.violation(iat: iat, exp: nil, now: clock.unixSeconds()) {
            throw violation.error(
                vendorCode: invalid, recovery: "Issue a fresh identities JWT with iat = now; do not cache it for 24 hours or more.",
                provider: provider)
        }
        let identities = try parseIdentities(decoded.claim("identities"))
        try HelpshiftIdentityValidator.validate(identities, fullPrivacy: settings.fullPrivacy, provider: provider)
        return (decoded, HelpshiftClaims(identities: identities, issuedAt: iat))
    }

    /// Reads the `identities` claim into typed identities (`claim_missing` / `claim_invalid` otherwise).
    func parseIdentities(_ value: JSONValue?) throws(IdentityError) -> [HelpshiftIdentity] {
        let vendor = HelpshiftLoginFailureReason.identitiesDataInvalid.rawValue
        func bad(_ field: String, _ message: String) -> IdentityError {
            IdentityError(
                .claimInvalid, field: field, vendorCode: vendor, message: message,
                recovery: "Write each identity as {\"identifier\": string, \"value\": string, \"metadata\": {string: string}}.",
                provider: provider)
        }
        guard let value else {
            throw IdentityError(
                .claimMissing, field: "identities", vendorCode: vendor, message: "The JWT has no \"identities\" claim.",
                recovery: "Add the \"identities\" array.", provider: provider)
        }
        guard let array = value.arrayValue else {
            throw bad("identities", "\"identities\" is \(value.typeNameWithArticle); it must be an array.")
        }
        var result: [HelpshiftIdentity] = []
        for (index, element) in array.enumerated() {
            let path = "identities[\(index)]"
            guard let object = element.objectValue else {
                throw bad(path, "\(path) is \(element.typeNameWithArticle); it must be an object.")
            }
            guard let identifier = object["identifier"]?.stringValue else {
                throw bad("\(path).identifier", "\(path).identifier must be a string.")
            }
            guard let text = object["value"]?.stringValue else { throw bad("\(path).value", "\(path).value must be a string.") }
            var metadata: [String: String] = [:]
            if let meta = object["metadata"], !meta.isNull {
                guard let entries = meta.objectValue else {
                    throw bad("\(path).metadata", "\(path).metadata must be an object of strings.")
                }
                for (key, item) in entries {
                    guard let string = item.stringValue else {
                        throw bad("\(path).metadata.\(key)", "\(path).metadata.\(key) must be a string.")
                    }
                    metadata[key] = string
                }
            }
            result.append(HelpshiftIdentity(identifier: identifier, value: text, metadata: metadata))
        }
        return result
    }
}
