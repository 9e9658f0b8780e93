/// The verified claims of a Chat JWT.
package struct ZendeskChatClaims: Hashable, Sendable {
    /// `name`.
    package var name: String
    /// `email`.
    package var email: String
    /// `external_id`.
    package var externalId: String
    /// `iat`, Unix seconds.
    package var issuedAt: Int64
    /// `exp`, Unix seconds, when present.
    package var expiresAt: Int64?

    /// Creates claims.
    package init(name: String, email: String, externalId: String, issuedAt: Int64, expiresAt: Int64?) {
        self.name = name
        self.email = email
        self.externalId = externalId
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// When the token stops being accepted: `exp`, or `iat + maxLifetime` without `exp`
    /// (saturating at `Int64.max` rather than overflowing).
    package var effectiveExpiry: Int64 { ZendeskChatLimits.effectiveExpiry(issuedAt: issuedAt, expiresAt: expiresAt) }
}
