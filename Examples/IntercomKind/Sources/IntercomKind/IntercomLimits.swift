import IdentityBridge

/// Every Intercom rule the kind applies, defined once and used by the settings, the issuer, the verifier
/// and the documentation.
///
/// Source: vendor-notes.md, "Other vendors with the same pattern": `user_hash` is the HMAC-SHA256 of the
/// `user_id` (or of the email when there is no `user_id`), written in lowercase hex, with one secret per
/// platform (web, iOS, Android); Intercom also accepts an HS256 JWT with `user_id` (required), `email`
/// (optional) and `exp`. What the notes leave open is a setting with a documented default (see
/// ``IntercomSettings``).
public enum IntercomLimits {
    /// Lowercase hex of the 32 HMAC-SHA256 bytes: 64 characters.
    public static let userHashLength = 64
    /// The default `jwt_lifetime`: one hour (the notes give no figure; a short lifetime is the safe side).
    public static let defaultJWTLifetime: Int64 = 3_600
    /// The range `jwt_lifetime` accepts: one second to one day.
    public static let jwtLifetimeRange: ClosedRange<Int64> = 1...86_400
    /// The default `clock_skew`, how far in the future `iat` may be: `JWTFreshness.defaultClockSkew` (60 s);
    /// Intercom publishes none.
    public static let defaultClockSkew: Int64 = JWTFreshness.defaultClockSkew
    /// The range `clock_skew` accepts: none to five minutes.
    public static let clockSkewRange: ClosedRange<Int64> = 0...300
    /// The claims an Intercom JWT carries.
    public static let jwtClaimNames = ["user_id", "email", "exp", "iat"]
}
