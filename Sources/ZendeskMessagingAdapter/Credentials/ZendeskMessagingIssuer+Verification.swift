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
            return try verifyUnattributed(token)
        } catch {
            throw error.attributed(to: provider)
        }
    }

    private func verifyUnattributed(_ token: String) throws(IdentityError) -> VerifiedCredential {
        let jwt = try DecodedJWT.decode(token)
        try jwt.requireHS256()
        if let type = jwt.header["typ"], type.stringValue != ZendeskMessagingLimits.tokenType {
            throw IdentityError(
                .tokenMalformed, field: "typ", message: "The JWT header has typ \(type.jsonString); Zendesk Messaging expects \"JWT\".",
                recovery: "Set \"typ\": \"JWT\" in the header (or leave it out).")
        }
        let signer = try signer(for: jwt)
        guard jwt.verifySignature(with: signer) else {
            throw IdentityError(
                .tokenInvalid, field: "signature",
                message: "The JWT signature does not match the secret of signing key \"\(signer.keyID ?? "")\".",
                recovery: "Sign with the secret that belongs to the key named in kid; re-issue the token.")
        }
        let scope = try jwt.requiredString("scope")
        guard scope == ZendeskMessagingLimits.scope else {
            throw IdentityError(
                .claimInvalid, field: "scope", message: "The scope claim is \"\(scope)\"; Zendesk Messaging requires \"user\".",
                recovery: "Issue the JWT with \"scope\": \"user\".")
        }
        let externalId = try jwt.requiredString("external_id")
        if externalId.isEmpty {
            throw IdentityError(
                .claimInvalid, field: "external_id", message: "The external_id claim is empty.",
                recovery: "Issue the JWT with the user's stable id as external_id.")
        }
        let limit = ZendeskMessagingLimits.externalIdMaxLength
        guard externalId.count <= limit else {
            throw IdentityError(
                .valueTooLong, field: "external_id",
                message: "The external_id claim is \(externalId.count) characters; Zendesk Messaging accepts at most \(limit).",
                recovery: "Use a stable id of at most \(limit) characters.")
        }
        _ = try jwt.optionalString("name")
        _ = try jwt.optionalString("email")
        _ = try jwt.optionalBool("email_verified")
        if let exp = try jwt.optionalInt("exp"), clock.unixSeconds() >= exp {
            throw Self.expired(exp: exp)
        }
        return VerifiedCredential(claims: jwt.claims, keyID: signer.keyID)
    }

    /// The signer for the header's `kid`; `key_unknown` when it is missing or not configured.
    private func signer(for jwt: DecodedJWT) throws(IdentityError) -> HS256Signer {
        guard let kid = jwt.header["kid"] else {
            throw IdentityError(
                .keyUnknown, field: "kid", message: "The JWT header has no kid; Zendesk Messaging needs the signing key's id.",
                recovery: "Add \"kid\": the id of the signing key (e.g. app_...) to the header.")
        }
        guard let keyID = kid.stringValue, let signer = signers[keyID] else {
            let shown = kid.stringValue.map { "\"\($0)\"" } ?? "a \(kid.typeName)"
            throw IdentityError(
                .keyUnknown, field: "kid",
                message: "The JWT's kid is \(shown), which is not a configured signing key (configured: \(settings.signingKeys.map(\.keyID).joined(separator: ", "))).",
                recovery: "Sign with a configured key, or add the key to signing_keys (at most \(ZendeskMessagingLimits.maxSigningKeys)).")
        }
        return signer
    }

    /// `token_expired` with the vendor's code and exact message.
    static func expired(exp: Int64) -> IdentityError {
        IdentityError(
            .tokenExpired, field: "exp", vendorCode: ZendeskMessagingVendorCode.expiredJWT,
            message: ZendeskMessagingVendorCode.expiredJWTMessage,
            recovery: "Generate a new JWT with a later exp (it expired at \(exp)) and call loginUser again.")
    }
}
