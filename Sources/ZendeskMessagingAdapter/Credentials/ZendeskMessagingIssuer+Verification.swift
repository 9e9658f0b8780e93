public import IdentityBridge

extension ZendeskMessagingIssuer {
    /// Verifies `token` as Zendesk does: HS256 only, `kid` naming a configured key, a valid
    /// signature, `scope: "user"`, an `external_id` of at most 255 characters, typed optional
    /// claims, and an `exp` still in the future. `user` is ignored.
    ///
    /// Errors: `token_missing` / `token_malformed`, `algorithm_not_allowed`, `key_unknown`,
    /// `token_invalid`, `claim_missing` / `claim_invalid`, `value_too_long`, and `token_expired`
    /// (vendor code `expiredJWT`, message "The JWT has expired").
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        do throws(IdentityError) {
            let (jwt, claims) = try verifyUnattributed(token)
            return VerifiedCredential(claims: jwt.claims, keyID: claims.keyID)
        } catch {
            throw attributed(error)
        }
    }

    /// Applies exactly the checks of ``verify(_:for:)`` and returns the typed claims instead of a
    /// `VerifiedCredential` (no claims dictionary is built): the fast path for a backend that
    /// only needs the verified `external_id`. Throws the same errors as ``verify(_:for:)``.
    public func verify(_ token: String) throws(IdentityError) -> ZendeskMessagingClaims {
        do throws(IdentityError) {
            return try verifyUnattributed(token).claims
        } catch {
            throw attributed(error)
        }
    }

    /// `error` with the vendor code for its failure (when it has none) and this provider.
    private func attributed(_ error: IdentityError) -> IdentityError {
        var error = error
        if error.vendorCode == nil {
            error.vendorCode = Self.vendorCodes[error.code]
        }
        return error.attributed(to: provider)
    }

    /// The vendor failure name (`ZendeskMessagingVendorCode`) for each verification failure,
    /// the same name the SDK reports for the same token. A `value_too_long` is the vendor's
    /// `externalIdTooLong` only for `external_id`, so that check names it where it throws; the
    /// library's name and email ceilings have no vendor code.
    static let vendorCodes: [IdentityError.Code: String] = [
        .tokenMissing: ZendeskMessagingVendorCode.invalidJWT,
        .tokenMalformed: ZendeskMessagingVendorCode.invalidJWT,
        .algorithmNotAllowed: ZendeskMessagingVendorCode.unsupportedAlgorithm,
        .keyUnknown: ZendeskMessagingVendorCode.unknownSigningKey,
        .tokenInvalid: ZendeskMessagingVendorCode.invalidSignature,
        .claimMissing: ZendeskMessagingVendorCode.missingClaim,
        .claimInvalid: ZendeskMessagingVendorCode.invalidClaim,
        .tokenExpired: ZendeskMessagingVendorCode.expiredJWT,
    ]

    /// The one verification path behind ``verify(_:for:)`` and ``verify(_:)``.
    private func verifyUnattributed(_ token: String) throws(IdentityError) -> (jwt: DecodedJWT, claims: ZendeskMessagingClaims) {
        // A header that is exactly one a configured key writes ({"alg":"HS256","typ":"JWT","kid":K})
        // is recognized by its text and names its signer; any other header is decoded and checked below.
        let (jwt, knownSigner) = try ring.decode(token)
        try jwt.requireHS256()
        if let type = jwt.headerValue("typ"), type.stringValue != ZendeskMessagingLimits.tokenType {
            throw IdentityError(
                .tokenMalformed, field: "typ", message: "The JWT header has typ \(Self.echo(type)); Zendesk Messaging expects \"JWT\".",
                recovery: "Set \"typ\": \"JWT\" in the header (or leave it out).")
        }
        let signer: HS256Signer
        if let knownSigner { signer = knownSigner } else { signer = try self.signer(for: jwt) }
        guard jwt.verifySignature(with: signer) else {
            throw IdentityError(
                .tokenInvalid, field: "signature",
                message: "The JWT signature does not match the secret of signing key \"\(signer.keyID ?? "")\".",
                recovery: "Sign with the secret that belongs to the key named in kid; re-issue the token.")
        }
        let scope = try jwt.requiredString("scope")
        guard scope == ZendeskMessagingLimits.scope else {
            throw IdentityError(
                .claimInvalid, field: "scope",
                message: "The scope claim is \(Self.echo(.string(scope))); Zendesk Messaging requires \"user\".",
                recovery: "Issue the JWT with \"scope\": \"user\".")
        }
        let externalId = try jwt.requiredString("external_id")
        if externalId.isEmpty {
            throw IdentityError(
                .claimInvalid, field: "external_id", message: "The external_id claim is empty.",
                recovery: "Issue the JWT with the user's stable id as external_id.")
        }
        let limit = ZendeskMessagingLimits.externalIdMaxLength
        guard externalId.utf8.count <= limit || externalId.count <= limit else {
            throw IdentityError(
                .valueTooLong, field: "external_id", vendorCode: ZendeskMessagingVendorCode.externalIdTooLong,
                message: "The external_id claim is \(externalId.count) characters; Zendesk Messaging accepts at most \(limit).",
                recovery: "Use a stable id of at most \(limit) characters.")
        }
        let name = try jwt.optionalString("name")
        let email = try jwt.optionalString("email")
        // Zendesk Messaging states no name or email limit: the library's ceilings, as when issuing.
        try UserIdentity.Limits.check(name: name, email: email)
        let emailVerified = try jwt.optionalBool("email_verified")
        // A present exp (and iat, which the vendor does not define) must be a number: null is claim_invalid.
        let exp = try jwt.presentInt("exp")
        let iat = try jwt.presentInt("iat")
        if let error = freshnessError(iat: iat, exp: exp) { throw error }
        let claims = ZendeskMessagingClaims(
            externalId: externalId, name: name, email: email, emailVerified: emailVerified, expiresAt: exp, keyID: signer.keyID)
        return (jwt, claims)
    }

    /// The signer for the header's `kid`; `key_unknown` when it is missing or not configured.
    private func signer(for jwt: DecodedJWT) throws(IdentityError) -> HS256Signer {
        guard let kid = jwt.headerValue("kid") else {
            throw IdentityError(
                .keyUnknown, field: "kid", message: "The JWT header has no kid; Zendesk Messaging needs the signing key's id.",
                recovery: "Add \"kid\": the id of the signing key (e.g. app_...) to the header.")
        }
        guard let keyID = kid.stringValue, let signer = signers[keyID] else {
            let shown = kid.stringValue != nil ? Self.echo(kid) : kid.typeNameWithArticle
            throw IdentityError(
                .keyUnknown, field: "kid",
                message:
                    "The JWT's kid is \(shown), which is not a configured signing key (configured: \(settings.signingKeys.map(\.keyID).joined(separator: ", "))).",
                recovery: "Sign with a configured key, or add the key to signing_keys (at most \(ZendeskMessagingLimits.maxSigningKeys)).")
        }
        return signer
    }

    /// A token value as JSON text (control characters escaped), cut to 64 characters: error
    /// messages end up in logs, and token values are attacker-chosen.
    static func echo(_ value: JSONValue) -> String {
        let text = value.jsonString
        return text.count <= 64 ? text : text.prefix(64) + "…"
    }

    /// The freshness policy of a Messaging JWT: an `iat` at most `JWTFreshness.defaultClockSkew`
    /// in the future; an `exp` at most `max_token_lifetime` after `iat` (or now) and not passed.
    var freshness: JWTFreshness { JWTFreshness(maxLifetime: settings.maxTokenLifetime) }

    /// The error for the first freshness rule `iat` / `exp` break now, with its vendor code, or `nil`.
    /// The session adapter applies it before `loginUser`, so a login and `verify` answer alike.
    func freshnessError(iat: Int64?, exp: Int64?) -> IdentityError? {
        switch freshness.violation(iat: iat, exp: exp, now: clock.unixSeconds()) {
        case nil: return nil
        case .expired?: return Self.expired(exp: exp ?? 0)
        case .issuedInFuture(let ahead, let skew)?:
            return JWTFreshness.Violation.issuedInFuture(secondsAhead: ahead, skew: skew).error(
                vendorCode: ZendeskMessagingVendorCode.issuedInFuture, recovery: "Issue the JWT with iat = now (or leave iat out).")
        case let violation?:
            return violation.error(
                vendorCode: ZendeskMessagingVendorCode.lifetimeTooLong,
                recovery: "Issue the JWT with an exp at most max_token_lifetime (\(settings.maxTokenLifetime)s) ahead.")
        }
    }

    /// The freshness error of a JWT's claims read without verifying it (the session adapter's
    /// check before `loginUser`); `nil` for an unreadable token, which the SDK then refuses.
    package func freshnessError(ofUnverified token: String) -> IdentityError? {
        guard let jwt = try? DecodedJWT.decode(token) else { return nil }
        return freshnessError(ofUnverified: jwt)
    }

    /// The freshness error of a JWT the session adapter decoded already (read without verifying it).
    func freshnessError(ofUnverified jwt: DecodedJWT) -> IdentityError? {
        do throws(IdentityError) {
            return freshnessError(iat: try jwt.presentInt("iat"), exp: try jwt.presentInt("exp")).map(attributed)
        } catch {
            return attributed(error)
        }
    }

    /// The freshness error of the claims the session read from a JWT before `loginUser` (the same rule as
    /// for a `DecodedJWT`: a present `iat` or `exp` must be an integer).
    package func freshnessError(ofUnverified claims: UnverifiedJWTClaims) -> IdentityError? {
        do throws(IdentityError) {
            return freshnessError(iat: try claims.presentInt("iat"), exp: try claims.presentInt("exp")).map(attributed)
        } catch {
            return attributed(error)
        }
    }

    /// `token_expired` with the vendor's code and exact message.
    static func expired(exp: Int64) -> IdentityError {
        IdentityError(
            .tokenExpired, field: "exp", vendorCode: ZendeskMessagingVendorCode.expiredJWT,
            message: ZendeskMessagingVendorCode.expiredJWTMessage,
            recovery: "Generate a new JWT with a later exp (it expired at \(exp)) and call loginUser again.")
    }
}
