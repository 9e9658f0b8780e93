public import IdentityBridge

// The names this module had before every adapter took the same shape (issue 22): each one
// forwards to its new name, so code written against them still builds, with a warning.

extension ZendeskMessagingIssuer {
    /// Renamed ``mint(for:)``: the verb pair is `mint` / `verify` in every adapter.
    @available(*, deprecated, renamed: "mint(for:)")
    public func mintToken(for user: UserIdentity) throws(IdentityError) -> String { try mint(for: user) }

    /// Renamed ``verify(_:)``: the verb pair is `mint` / `verify` in every adapter.
    @available(*, deprecated, renamed: "verify(_:)")
    public func verifyToken(_ token: String) throws(IdentityError) -> ZendeskMessagingClaims { try verify(token) }
}
