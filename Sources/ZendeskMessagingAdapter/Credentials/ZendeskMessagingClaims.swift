/// The claims of a verified Zendesk Messaging user JWT, as ``ZendeskMessagingIssuer/verify(_:)``
/// returns them (no dictionary is built).
public struct ZendeskMessagingClaims: Hashable, Sendable {
    /// `external_id` (non-empty, at most `ZendeskMessagingLimits.externalIdMaxLength` characters).
    public var externalId: String
    /// `name`, when present.
    public var name: String?
    /// `email`, when present.
    public var email: String?
    /// `email_verified`, when present.
    package var emailVerified: Bool?
    /// `exp`, Unix seconds, when present.
    public var expiresAt: Int64?
    /// The id of the signing key that verified the signature (the header's `kid`).
    public var keyID: String?

    /// Creates claims.
    public init(
        externalId: String, name: String? = nil, email: String? = nil, emailVerified: Bool? = nil, expiresAt: Int64? = nil,
        keyID: String? = nil
    ) {
        self.externalId = externalId
        self.name = name
        self.email = email
        self.emailVerified = emailVerified
        self.expiresAt = expiresAt
        self.keyID = keyID
    }
}
