import Foundation
package import IdentityBridge

extension HelpshiftIssuer {
    private func requireSigner() throws(IdentityError) -> HS256Signer {
        guard settings.identitySystem, let identitySigner else {
            throw IdentityError(
                .identityFeatureDisabled, field: "settings.identity_system",
                vendorCode: HelpshiftLoginFailureReason.identityFeatureNotEnabled.rawValue,
                message: "The Identity System is off for this provider; no identities JWT can be issued or verified.",
                recovery: "Set identity_system: true and identity_secret: ${VAR} in the provider configuration.", provider: provider)
        }
        return identitySigner
    }

    /// The identities JWT (HS256): `{"identities": [...], "iat": now}`, after checking every documented limit.
    /// `forLogin: false` (addUserIdentities) drops the uid-or-email rule, which only applies to logins.
    package func identityToken(for identities: [HelpshiftIdentity], forLogin: Bool = true) throws(IdentityError) -> String {
        try signedIdentityToken(for: identities, forLogin: forLogin).token
    }

    /// The identities JWT and its `iat` (Unix seconds), the instant its 24-hour validity starts.
    func signedIdentityToken(for identities: [HelpshiftIdentity], forLogin: Bool) throws(IdentityError) -> (token: String, iat: Int64) {
        let signer = try requireSigner()
        try HelpshiftIdentityValidator.validate(
            identities, fullPrivacy: settings.fullPrivacy, requireUidOrEmail: forLogin, provider: provider)
        let iat = clock.unixSeconds()
        let token = signer.sign { claims in
            claims.add("identities", JSONValue.array(identities.map(\.json)))
            claims.add("iat", iat)
        }
        return (token, iat)
    }

    /// When an identities JWT issued at `iat` stops being accepted: `iat` + 24 hours
    /// (vendor-notes: "iat is mandatory and must be less than 24 hours old; a JWT must not be
    /// cached longer than that"), saturating for an `iat` near the end of the Int64 range.
    static func identityTokenExpiry(iat: Int64) -> Date {
        let (sum, overflow) = iat.addingReportingOverflow(HelpshiftLimits.identityTokenMaxAge)
        return Date(timeIntervalSince1970: TimeInterval(overflow ? Int64.max : sum))
    }

    /// Verifies an identities JWT as Helpshift does: HS256 with the Identity System secret, mandatory
    /// `iat` under 24 hours old, and every identity within the documented limits.
    package func verifyIdentityToken(_ token: String) throws(IdentityError) -> VerifiedCredential {
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
        return VerifiedCredential(claims: decoded.claims)
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
