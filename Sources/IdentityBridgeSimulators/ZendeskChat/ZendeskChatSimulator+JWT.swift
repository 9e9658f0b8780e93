import IdentityBridge
import ZendeskChatAdapter

/// Claims the simulated backend accepted.
struct ChatJWTClaims {
    var name: String
    var email: String
    var externalId: String
}

extension ZendeskChatSimulator {
    /// The Chat backend's JWT checks, written from the specification with swift-crypto and the
    /// core's JSON parser (not the adapter's verifier).
    static func check(_ jwt: String, secret: [UInt8], now: Int64, bound: String?) -> Result<ChatJWTClaims, ZendeskChatAuthenticationFailure>
    {
        func refuse(_ reason: ZendeskChatFailureReason, _ detail: String, field: String? = nil) -> Result<
            ChatJWTClaims, ZendeskChatAuthenticationFailure
        > {
            .failure(ZendeskChatAuthenticationFailure(reason: reason, detail: detail, field: field))
        }
        if jwt.isEmpty { return refuse(.tokenUnavailable, "getToken gave an empty token.") }
        guard let token = SimulatedJWT(jwt) else { return refuse(.tokenMalformed, "The access token is not a compact JWT.") }
        let payload = token.claims
        guard token.isHS256 else { return refuse(.algorithmNotAllowed, "Chat accepts HS256 JWTs only.") }
        guard token.isSigned(with: secret) else {
            return refuse(.signatureInvalid, "The JWT was not signed with the account's shared secret.")
        }
        guard case .string(let name)? = payload["name"], name.contains(where: { !$0.isWhitespace }) else {
            return refuse(.nameInvalid, "The name claim is missing or empty.")
        }
        guard case .string(let email)? = payload["email"], looksLikeEmail(email) else {
            return refuse(.emailInvalid, "The email claim is missing or not an address.")
        }
        guard let externalValue = payload["external_id"] else {
            return refuse(.claimMissing, "external_id is missing.", field: "external_id")
        }
        guard case .string(let externalId) = externalValue else {
            return refuse(.claimInvalid, "external_id is not a string.", field: "external_id")
        }
        guard let iatValue = payload["iat"] else { return refuse(.claimMissing, "iat is missing.", field: "iat") }
        guard case .int(let iat) = iatValue else { return refuse(.claimInvalid, "iat is not an integer.", field: "iat") }
        var exp: Int64?
        // "exp: (optional) Integer value": present, it is an integer (null included is not).
        if let expValue = payload["exp"] {
            guard case .int(let value) = expValue else { return refuse(.claimInvalid, "exp is not an integer.", field: "exp") }
            exp = value
        }
        if externalId.isEmpty || externalId.contains(where: { $0.isWhitespace }) {
            return refuse(.externalIdInvalid, "external_id is empty or has spaces.")
        }
        if externalId.count > ZendeskChatLimits.externalIdMaxLength { return refuse(.externalIdTooLong, "external_id is too long.") }
        // Compared without subtracting, so that no iat/exp value can overflow.
        if now < Int64.max - ZendeskChatLimits.clockSkew, iat > now + ZendeskChatLimits.clockSkew {
            return refuse(.issuedInFuture, "iat is beyond the allowed clock skew.")
        }
        if let exp, exp < iat { return refuse(.claimInvalid, "exp precedes iat.", field: "exp") }
        if let exp, iat < Int64.max - ZendeskChatLimits.maxLifetime, exp > iat + ZendeskChatLimits.maxLifetime {
            return refuse(.lifetimeTooLong, "exp is more than 7 minutes after iat.")
        }
        let expiry = exp ?? (iat < Int64.max - ZendeskChatLimits.maxLifetime ? iat + ZendeskChatLimits.maxLifetime : Int64.max)
        if now >= expiry { return refuse(.tokenExpired, "The JWT has expired.") }
        if let bound, bound != externalId { return refuse(.externalIdChanged, "The visitor's external_id cannot change.") }
        return .success(ChatJWTClaims(name: name, email: email, externalId: externalId))
    }

    /// `something@domain.tld` without spaces.
    static func looksLikeEmail(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }), let at = text.firstIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.contains("@") else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
