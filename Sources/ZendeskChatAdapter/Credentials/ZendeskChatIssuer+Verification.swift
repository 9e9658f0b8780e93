public import IdentityBridge

extension ZendeskChatIssuer {
    /// Applies every Chat check to `token`. When `user` has a `userId`, it is the external id
    /// already bound to the visitor: a different `external_id` is `external_id_changed`.
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        let claims: ZendeskChatClaims
        do { claims = try validator.verify(token, now: clock.unixSeconds(), boundExternalId: user?.userId) } catch {
            throw error.attributed(to: provider)
        }
        var object: [String: JSONValue] = [
            "name": .string(claims.name), "email": .string(claims.email), "external_id": .string(claims.externalId),
            "iat": .int(claims.issuedAt),
        ]
        if let exp = claims.expiresAt { object["exp"] = .int(exp) }
        return VerifiedCredential(claims: object)
    }

    /// Applies exactly the checks of ``verify(_:for:)`` (no bound `external_id`) and returns the
    /// typed claims instead of a `VerifiedCredential`. Throws the same errors.
    public func verify(_ token: String) throws(IdentityError) -> ZendeskChatClaims {
        do { return try validator.verify(token, now: clock.unixSeconds(), boundExternalId: nil) } catch {
            throw error.attributed(to: provider)
        }
    }
}
