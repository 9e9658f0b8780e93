/// The verified claims of a Chat JWT.
public struct ZendeskChatClaims: Hashable, Sendable {
    /// `name`.
    public var name: String
    /// `email`.
    public var email: String
    /// `external_id`.
    public var externalId: String
    /// `iat`, Unix seconds.
    public var issuedAt: Int64
    /// `exp`, Unix seconds, when present.
    public var expiresAt: Int64?

    /// Creates claims.
    public init(name: String, email: String, externalId: String, issuedAt: Int64, expiresAt: Int64?) {
        self.name = name
        self.email = email
        self.externalId = externalId
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// When the token stops being accepted: `exp`, or `iat + maxLifetime` without `exp`
    /// (saturating at `Int64.max` rather than overflowing).
    public var effectiveExpiry: Int64 { ZendeskChatLimits.effectiveExpiry(issuedAt: issuedAt, expiresAt: expiresAt) }
}
