/// What our opaque user token carries: the user's id, name and email, and its validity window.
///
/// On the wire it is a compact HS256 token with `typ` `ZendeskSupportLimits.userTokenType`,
/// signed with the user-token key; apps treat it as opaque.
package struct ZendeskSupportUserToken: Hashable, Sendable {
    /// The app's user id (`uid`), becoming the JWT's `external_id`.
    package var userId: String?
    /// The user's name (`name`).
    package var name: String?
    /// The user's email (`email`).
    package var email: String?
    /// `iat`, Unix seconds.
    package var issuedAt: Int64
    /// `exp`, Unix seconds.
    package var expiresAt: Int64

    /// Creates token contents.
    package init(userId: String?, name: String?, email: String?, issuedAt: Int64, expiresAt: Int64) {
        self.userId = userId
        self.name = name
        self.email = email
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }
}
