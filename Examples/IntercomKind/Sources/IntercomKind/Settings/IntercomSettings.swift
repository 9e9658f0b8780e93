public import IdentityBridge

/// How a client proves its user to Intercom (`mode`).
public enum IntercomMode: String, Sendable, CaseIterable {
    /// `user_hash`: the HMAC-SHA256 of the `user_id` (or the email), lowercase hex (the default).
    case userHash = "user_hash"
    /// `jwt`: an HS256 JWT with `user_id`, `email` and `exp`.
    case jwt
}

/// The client platform a secret belongs to: Intercom gives each its own identity verification secret.
public enum IntercomPlatform: String, Sendable, CaseIterable, Comparable {
    /// The web Messenger.
    case web
    /// The iOS SDK.
    case ios
    /// The Android SDK.
    case android

    /// Orders platforms as they are declared (web, ios, android).
    public static func < (lhs: IntercomPlatform, rhs: IntercomPlatform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The settings of one `intercom` provider instance.
///
/// ```yaml
/// - kind: intercom
///   mode: user_hash              # user_hash (default) | jwt
///   platform: web                # the platform whose secret issues (default: web)
///   secrets:                     # one identity verification secret per platform; at least the one of `platform`
///     web: ${INTERCOM_WEB_SECRET}
///     ios: ${INTERCOM_IOS_SECRET}
///     android_file: /run/secrets/intercom-android
///   jwt_lifetime: 1h             # jwt mode: exp = iat + lifetime (default 1h, 1s through 1d)
///   clock_skew: 60s              # jwt mode: how far iat may be in the future (default 60s, 0 through 5m)
/// ```
public struct IntercomSettings: ProviderSettings, Hashable {
    /// `user_hash` or `jwt`.
    public var mode: IntercomMode
    /// The platform whose secret issues credentials (a user's `metadata["platform"]` may name another configured one).
    public var platform: IntercomPlatform
    /// The identity verification secret of each configured platform.
    public var secrets: [IntercomPlatform: Secret]
    /// The lifetime of issued JWTs, seconds.
    public var jwtLifetime: Int64
    /// How far in the future a JWT's `iat` may be, seconds (`exp` is exact).
    public var clockSkew: Int64

    /// Creates settings; `secrets` must hold the secret of `platform`.
    public init(
        mode: IntercomMode = .userHash, platform: IntercomPlatform = .web, secrets: [IntercomPlatform: Secret],
        jwtLifetime: Int64 = IntercomLimits.defaultJWTLifetime, clockSkew: Int64 = IntercomLimits.defaultClockSkew
    ) {
        self.mode = mode
        self.platform = platform
        self.secrets = secrets
        self.jwtLifetime = jwtLifetime
        self.clockSkew = clockSkew
    }
}
