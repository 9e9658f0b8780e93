public import IdentityBridge

// The names this module had before every adapter took the same shape (issue 22): each one
// forwards to its new name, so code written against them still builds, with a warning.

extension ZendeskSupportIssuer {
    /// Renamed ``mint(for:)``: the verb pair is `mint` / `verify` in every adapter.
    @available(*, deprecated, renamed: "mint(for:)")
    public func mintJWT(for contents: ZendeskSupportUserToken) throws(IdentityError) -> String { try mint(for: contents) }

    /// Renamed ``verify(_:)``: the verb pair is `mint` / `verify` in every adapter.
    @available(*, deprecated, renamed: "verify(_:)")
    public func verifyJWTClaims(_ token: String) throws(IdentityError) -> ZendeskSupportJWTClaims { try verify(token) }
}
