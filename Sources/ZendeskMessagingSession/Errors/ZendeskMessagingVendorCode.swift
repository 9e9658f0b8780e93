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
    package static let conversationNotFound = "conversationNotFound"

    /// Every identity failure name above (`conversationNotFound` is not one): the rule set the
    /// rule/path table test enumerates.
    package static let identityFailures: [String] = [
        expiredJWT, invalidJWT, unsupportedAlgorithm, unknownSigningKey, invalidSignature, missingClaim, invalidClaim,
        externalIdTooLong, lifetimeTooLong, issuedInFuture, unauthorized, networkError,
    ]
}
