public import IdentityBridge

// The names this module had before every adapter took the same shape (issue 22): each one
// forwards to its new name, so code written against them still builds, with a warning.

/// Renamed ``HelpshiftIssuer``: every adapter's issuer is `<Vendor>Issuer`.
@available(*, deprecated, renamed: "HelpshiftIssuer")
public typealias HelpshiftCredentialIssuer = HelpshiftIssuer

extension HelpshiftIssuer {
    /// Renamed ``mint(for:)``: the verb pair is `mint` / `verify` in every adapter.
    @available(*, deprecated, renamed: "mint(for:)")
    public func userAuthToken(for user: UserIdentity) throws(IdentityError) -> String { try mint(for: user) }
}
