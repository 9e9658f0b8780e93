/// The limits of Zendesk Messaging authentication, defined once and referenced by the issuer,
/// the verifier, the simulator and the documentation.
public enum ZendeskMessagingLimits {
    /// The longest `external_id` Zendesk accepts, in characters ("The maximum length is 255 characters").
    public static let externalIdMaxLength = 255
    /// How many signing keys an account can hold (keys are rotated by adding a new one and removing an old one).
    public static let maxSigningKeys = 10
    /// The only JWT algorithm accepted (RS256 and ES256 are not supported).
    public static let algorithm = "HS256"
    /// The only accepted `scope` claim value.
    public static let scope = "user"
    /// The `typ` header value written on issued tokens (and the only one accepted when present).
    public static let tokenType = "JWT"
    /// The default `token_lifetime`: one hour.
    public static let defaultTokenLifetime: Int64 = 3_600
    /// The shortest `token_lifetime` accepted: one minute.
    public static let minTokenLifetime: Int64 = 60
    /// The longest `token_lifetime` accepted: 24 hours. Zendesk sets no maximum, but a user JWT that
    /// lives longer than a day survives logouts and account changes for too long.
    public static let maxTokenLifetime: Int64 = 86_400
    /// The default `max_token_lifetime`: 24 hours. Zendesk documents `exp` as optional with no
    /// maximum; IdentityBridge refuses (`token_lifetime_too_long`) a JWT whose `exp` lies further
    /// than this after its `iat` (or after now, without `iat`), so that no `exp` such as
    /// `Int64.max` makes a token verify forever.
    public static let defaultMaxTokenLifetime: Int64 = 86_400
    /// The largest `max_token_lifetime` accepted: 30 days.
    public static let maxMaxTokenLifetime: Int64 = 2_592_000
    /// The default `expiry_warning_margin`: five minutes.
    public static let defaultExpiryWarningMargin: Int64 = 300
    /// The largest `expiry_warning_margin` accepted: one hour (it must also stay below `token_lifetime`).
    public static let maxExpiryWarningMargin: Int64 = 3_600
}

/// The vendor's failure names, as the Messaging SDK (or its simulator) reports them through the
/// ``ZendeskMessagingSDKPort``. Only `expiredJWT` is named by the Zendesk documentation; the
/// server answers every other authentication failure with HTTP 401, and these names tell the
/// 401s apart so the adapter can say which field broke which rule.
public enum ZendeskMessagingVendorCode {
    /// The JWT's `exp` has passed: "The JWT has expired".
    public static let expiredJWT = "expiredJWT"
    /// The vendor's exact message for ``expiredJWT``.
    public static let expiredJWTMessage = "The JWT has expired"
    /// The credential is not a compact JWT (HTTP 401).
    public static let invalidJWT = "invalidJWT"
    /// The header's `alg` is not HS256 (HTTP 401).
    public static let unsupportedAlgorithm = "unsupportedAlgorithm"
    /// The header's `kid` is missing or names no signing key of the account (HTTP 401).
    public static let unknownSigningKey = "unknownSigningKey"
    /// The signature does not match the signing key's secret (HTTP 401).
    public static let invalidSignature = "invalidSignature"
    /// A required claim (`scope`, `external_id`) is absent (HTTP 401).
    public static let missingClaim = "missingClaim"
    /// A claim has the wrong type or value (HTTP 401).
    public static let invalidClaim = "invalidClaim"
    /// `external_id` is longer than ``ZendeskMessagingLimits/externalIdMaxLength`` (HTTP 401).
    public static let externalIdTooLong = "externalIdTooLong"
    /// `exp` lies further ahead than `max_token_lifetime` allows (IdentityBridge's policy; the
    /// adapter refuses the JWT before the SDK sees it).
    public static let lifetimeTooLong = "lifetimeTooLong"
    /// `iat` lies in the future beyond the clock skew (IdentityBridge's policy, checked before the SDK).
    public static let issuedInFuture = "issuedInFuture"
    /// A plain HTTP 401 with no more detail.
    public static let unauthorized = "unauthorized"
    /// The vendor could not be reached.
    public static let networkError = "networkError"
    /// The conversation id does not belong to the current user (HTTP 404); not an identity failure.
    public static let conversationNotFound = "conversationNotFound"

    /// Every identity failure name above (``conversationNotFound`` is not one): the rule set the
    /// rule/path table test enumerates.
    public static let identityFailures: [String] = [
        expiredJWT, invalidJWT, unsupportedAlgorithm, unknownSigningKey, invalidSignature, missingClaim, invalidClaim,
        externalIdTooLong, lifetimeTooLong, issuedInFuture, unauthorized, networkError,
    ]
}
