/// The claims of a verified Zendesk Support JWT, as ``ZendeskSupportIssuer/verify(_:)``
/// returns them (no dictionary is built).
package struct ZendeskSupportJWTClaims: Hashable, Sendable {
    /// `jti`, the token's unique id.
    package var jti: String
    /// `iat`, Unix seconds.
    package var issuedAt: Int64
    /// `name`.
    package var name: String
    /// `email`.
    package var email: String
    /// `external_id`, when present as a string.
    package var externalId: String?

    /// Creates claims.
    package init(jti: String, issuedAt: Int64, name: String, email: String, externalId: String? = nil) {
        self.jti = jti
        self.issuedAt = issuedAt
        self.name = name
        self.email = email
        self.externalId = externalId
    }
}
