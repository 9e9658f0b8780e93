/// Zendesk Support SDK identity constants, defined once.
public enum ZendeskSupportLimits {
    /// Default lifetime of the opaque user token (`user_token_lifetime`, seconds): 10 minutes.
    public static let defaultUserTokenLifetime: Int64 = 600
    /// Longest allowed `user_token_lifetime` (seconds): 1 day.
    package static let maxUserTokenLifetime: Int64 = 86_400
    /// The `typ` header of our user tokens, so a Zendesk JWT is never taken for a user token.
    package static let userTokenType = "zendesk-support-user-token"
    /// HKDF-SHA256 `info` label that derives the user-token key from the Zendesk shared secret
    /// when `user_token_secret` is not configured (no salt, 32-byte output).
    package static let userTokenKeyInfo = "IdentityBridge zendesk-support user-token key v1"
    /// The form field Zendesk POSTs to the JWT endpoint.
    package static let userTokenFormField = "user_token"
    /// The media type of the JWT endpoint's request body.
    package static let formContentType = "application/x-www-form-urlencoded"
    /// Default `max_token_age` (seconds): a Zendesk JWT whose `iat` is 10 minutes old or more is
    /// `token_expired`. The Support SDK documents no maximum age; the JWT is minted at the exchange
    /// and posted straight to Zendesk, so a short conservative bound costs nothing.
    public static let defaultMaxTokenAge: Int64 = 600
    /// Longest allowed `max_token_age` (seconds): 1 day.
    package static let maxMaxTokenAge: Int64 = 86_400
    /// Longest email address accepted.
    public static let emailMaxLength = 254
}
