public import HelpshiftSession

/// The claims of a verified Helpshift identities JWT (the Identity System), as ``HelpshiftIssuer/verify(_:)``
/// returns them. A legacy login's `userAuthToken` is a digest with no claims of its own.
public struct HelpshiftClaims: Hashable, Sendable {
    /// The `identities` claim, each within the documented limits.
    public var identities: [HelpshiftIdentity]
    /// `iat`, Unix seconds (mandatory, under 24 hours old when verified).
    public var issuedAt: Int64

    /// Creates claims.
    public init(identities: [HelpshiftIdentity], issuedAt: Int64) {
        self.identities = identities
        self.issuedAt = issuedAt
    }
}
