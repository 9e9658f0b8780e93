public import IdentityBridge

// The names this module had before every adapter took the same shape (issue 22): each one
// forwards to its new name, so code written against them still builds, with a warning.

extension ZendeskChatTokenValidator {
    /// Renamed ``verify(_:now:boundExternalId:)``: the verb pair is `mint` / `verify` in every adapter.
    @available(*, deprecated, renamed: "verify(_:now:boundExternalId:)")
    public func validate(_ token: String, now: Int64, boundExternalId: String?) throws(IdentityError) -> ZendeskChatClaims {
        try verify(token, now: now, boundExternalId: boundExternalId)
    }
}
