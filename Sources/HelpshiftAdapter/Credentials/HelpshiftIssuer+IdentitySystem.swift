import Foundation
package import IdentityBridge

extension HelpshiftIssuer {
    func requireSigner() throws(IdentityError) -> HS256Signer {
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
}
