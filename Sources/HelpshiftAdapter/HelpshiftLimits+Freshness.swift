public import IdentityBridge

extension HelpshiftLimits {
    /// The freshness policy of an identities JWT: `iat` less than `identityTokenMaxAge` old
    /// (vendor-notes: "iat is mandatory and must be less than 24 hours old") and at most
    /// `JWTFreshness.defaultClockSkew` in the future (Helpshift documents no skew). No `exp` is read.
    public static let identityTokenFreshness = JWTFreshness(maxAge: identityTokenMaxAge)
}
