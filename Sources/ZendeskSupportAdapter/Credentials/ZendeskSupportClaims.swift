/// The claims of a verified Zendesk Support JWT, as ``ZendeskSupportIssuer/verify(_:)``
/// returns them (no dictionary is built).
public struct ZendeskSupportClaims: Hashable, Sendable {
    /// `jti`, the token's unique id.
    public var jti: String
    /// `iat`, Unix seconds.
    public var issuedAt: Int64
    /// `name`.
    public var name: String
    /// `email`.
    public var email: String
    /// `external_id`, when present as a string.
    public var externalId: String?

    /// Creates claims.
    public init(jti: String, issuedAt: Int64, name: String, email: String, externalId: String? = nil) {
        self.jti = jti
        self.issuedAt = issuedAt
        self.name = name
        self.email = email
        self.externalId = externalId
    }
}
