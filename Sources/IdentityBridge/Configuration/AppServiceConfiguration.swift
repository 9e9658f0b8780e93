internal import Foundation

/// The optional `service:` section of an app: how the token service (`identity-server`, the
/// Hummingbird routes) serves the app. Without it the app is not served.
///
/// ```yaml
/// service:
///   api_keys: [ "${DEMO_API_KEY}" ]           # each a secret reference
///   body_limit: 64KiB                         # optional
///   session_tokens:                           # optional: the app's own session JWT as Bearer
///     keys_file: auth-keys.json               # a JWK Set (RS256, ES256)
///     hs256_secrets: [ "${AUTH_HS256_SECRET}" ] # optional HS256 keys, each a secret reference
///     issuer: https://auth.example.com
///     audience: demo-mobile
///     leeway: 60s
///     claims: { user_id: sub, email: email, name: name }
/// ```
public struct AppServiceConfiguration: Sendable {
    /// The default largest request body (64 KiB).
    public static let defaultBodyLimit = 65_536
    /// The largest `body_limit` accepted (1 MiB).
    public static let maxBodyLimit = 1_048_576
    /// The most API keys an app may list (current and previous ones during a rotation).
    public static let maxAPIKeys = 16

    /// The API keys a backend proves itself with (`Authorization: Bearer KEY`); any of them is accepted.
    public var apiKeys: [Secret]
    /// The largest request body in bytes.
    public var bodyLimit: Int
    /// How the app's own session JWT is verified, when accepted.
    public var sessionTokens: SessionTokenConfiguration?

    /// Creates a service section.
    public init(apiKeys: [Secret], bodyLimit: Int = defaultBodyLimit, sessionTokens: SessionTokenConfiguration? = nil) {
        self.apiKeys = apiKeys
        self.bodyLimit = bodyLimit
        self.sessionTokens = sessionTokens
    }
}

/// How an app's session JWT is verified (`service.session_tokens`).
public struct SessionTokenConfiguration: Sendable {
    /// The largest `leeway` accepted (5 minutes).
    public static let maxLeeway: Int64 = 300
    /// The most HS256 secrets (current and previous ones during a rotation).
    public static let maxHS256Secrets = 8

    /// The JWK Set file as written in the configuration, if any.
    public var keysFile: String?
    /// The JWK Set's JSON text, read when the configuration was loaded.
    public var keySet: String?
    /// HS256 keys, each from a secret reference.
    public var hs256Secrets: [Secret]
    /// The required `iss`.
    public var issuer: String
    /// The required `aud` (a string, or one entry of an array).
    public var audience: String
    /// Clock skew allowed for `exp` / `nbf` / `iat`, in seconds.
    public var leeway: Int64
    /// Which claims hold the user's fields.
    public var claims: ClaimNames

    /// Which claims of the session JWT hold the user's id, email and name.
    public struct ClaimNames: Hashable, Sendable {
        /// The claim with the user id (default `sub`).
        public var userId: String
        /// The claim with the email (default `email`).
        public var email: String
        /// The claim with the display name (default `name`).
        public var name: String
        /// Creates a mapping.
        public init(userId: String = "sub", email: String = "email", name: String = "name") {
            self.userId = userId
            self.email = email
            self.name = name
        }
    }

    /// Creates a session token configuration.
    public init(
        keysFile: String? = nil, keySet: String? = nil, hs256Secrets: [Secret] = [], issuer: String, audience: String,
        leeway: Int64 = 60, claims: ClaimNames = ClaimNames()
    ) {
        self.keysFile = keysFile
        self.keySet = keySet
        self.hs256Secrets = hs256Secrets
        self.issuer = issuer
        self.audience = audience
        self.leeway = leeway
        self.claims = claims
    }
}

/// A size in bytes written as `65536`, `64KiB`, `1MiB`, `64KB` or `64k`.
public enum ConfigByteSize {
    /// The size in bytes, or `nil` when `text` is not a size.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 12, let value = Int(digits) else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let multipliers: [String: Int] = [
            "": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1_048_576, "mb": 1_048_576, "mib": 1_048_576,
        ]
        guard let multiplier = multipliers[unit] else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    /// `size` as a message writes it: `1MiB` or `64KiB` when it is a whole number of them, else bytes.
    static func describe(_ size: Int) -> String {
        if size >= 1_048_576, size % 1_048_576 == 0 { return "\(size / 1_048_576)MiB" }
        if size >= 1024, size % 1024 == 0 { return "\(size / 1024)KiB" }
        return "\(size)"
    }
}
