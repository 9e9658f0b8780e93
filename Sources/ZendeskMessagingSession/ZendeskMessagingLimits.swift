/// The limits of Zendesk Messaging authentication, defined once and referenced by the issuer,
/// the verifier, the simulator and the documentation.
public enum ZendeskMessagingLimits {
    /// The longest `external_id` Zendesk accepts, in characters ("The maximum length is 255 characters").
    public static let externalIdMaxLength = 255
    /// How many signing keys an account can hold (keys are rotated by adding a new one and removing an old one).
    package static let maxSigningKeys = 10
    /// The only JWT algorithm accepted (RS256 and ES256 are not supported).
    public static let algorithm = "HS256"
    /// The only accepted `scope` claim value.
    public static let scope = "user"
    /// The `typ` header value written on issued tokens (and the only one accepted when present).
    package static let tokenType = "JWT"
    /// The default `token_lifetime`: one hour.
    public static let defaultTokenLifetime: Int64 = 3_600
    /// The shortest `token_lifetime` accepted: one minute.
    package static let minTokenLifetime: Int64 = 60
    /// The longest `token_lifetime` accepted: 24 hours. Zendesk sets no maximum, but a user JWT that
    /// lives longer than a day survives logouts and account changes for too long.
    package static let maxTokenLifetime: Int64 = 86_400
    /// The default `max_token_lifetime`: 24 hours. Zendesk documents `exp` as optional with no
    /// maximum; IdentityBridge refuses (`token_lifetime_too_long`) a JWT whose `exp` lies further
    /// than this after its `iat` (or after now, without `iat`), so that no `exp` such as
    /// `Int64.max` makes a token verify forever.
    public static let defaultMaxTokenLifetime: Int64 = 86_400
    /// The largest `max_token_lifetime` accepted: 30 days.
    package static let maxMaxTokenLifetime: Int64 = 2_592_000
    /// The default `expiry_warning_margin`: five minutes.
    public static let defaultExpiryWarningMargin: Int64 = 300
    /// The largest `expiry_warning_margin` accepted: one hour (it must also stay below `token_lifetime`).
    package static let maxExpiryWarningMargin: Int64 = 3_600
}
