/// How an app's session JWTs are verified (`service.session_tokens`): the issuers whose tokens the
/// app's users bring, and the clock skew allowed.
///
/// ```yaml
/// session_tokens:
///   leeway: 60s
///   issuers:
///     - issuer_url: https://dev-abc123.us.auth0.com/     # OpenID discovery
///       audience: [ "https://api.example.com" ]
///     - issuer: https://securetoken.google.com/my-project
///       jwks_url: https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com
///       audience: my-project
/// ```
///
/// 0.3's form, one issuer written directly under `session_tokens` (`issuer`, `audience`, `keys_file`,
/// `hs256_secrets`, `claims`), still loads, as one issuer.
package struct SessionTokenConfiguration: Sendable {
    /// The largest `leeway` accepted (5 minutes).
    package static let maxLeeway: Int64 = 300
    /// The most HS256 secrets of one issuer (current and previous ones during a rotation).
    package static let maxHS256Secrets = 8
    /// The most issuers of one app (two during a migration between providers is the common case).
    package static let maxIssuers = 8

    /// The issuers, in the order written; a token's `iss` picks one.
    package var issuers: [SessionTokenIssuer]
    /// Clock skew allowed for `exp` / `nbf`, in seconds.
    package var leeway: Int64

    /// Creates a session token configuration.
    package init(issuers: [SessionTokenIssuer], leeway: Int64 = 60) {
        self.issuers = issuers
        self.leeway = leeway
    }
}

/// One issuer of an app's session tokens: where its keys come from, what a token of it must carry,
/// and which claims are the user.
package struct SessionTokenIssuer: Sendable {
    /// The most `audience` values.
    package static let maxAudiences = 8
    /// The algorithms a session token may use; anything else (`none`, `HS512`, ...) is refused before any key is looked up.
    package static let supportedAlgorithms = ["RS256", "ES256", "HS256"]

    /// Where the issuer's public keys come from.
    package enum Keys: Sendable, Hashable {
        /// OpenID discovery: `{url}/.well-known/openid-configuration` names the `jwks_uri`; its `issuer` is the `iss` compared.
        case discovery(url: String)
        /// A JWK Set URL.
        case jwksURL(String)
        /// A JWK Set file (`keys_file`), read when the configuration was loaded.
        case file(path: String, contents: String)
    }

    /// The `iss` a token must carry, as written; `nil` with ``Keys/discovery(url:)`` and no `issuer:`
    /// (the discovery document's `issuer` is compared).
    package var issuer: String?
    /// The public keys' source; `nil` when the issuer signs with HS256 secrets only.
    package var keys: Keys?
    /// HS256 keys, each from a secret reference.
    package var hs256Secrets: [Secret]
    /// The accepted `aud` values: a token's `aud` (a string or an array) must include one.
    package var audiences: [String]
    /// The algorithms accepted, a subset of `supportedAlgorithms`.
    package var algorithms: [String]
    /// Which claims hold the user's fields.
    package var claims: ClaimNames
    /// How fetched keys are cached and refreshed.
    package var cache: KeyCache

    /// Creates an issuer.
    package init(
        issuer: String?, keys: Keys?, hs256Secrets: [Secret] = [], audiences: [String], algorithms: [String]? = nil,
        claims: ClaimNames = ClaimNames(), cache: KeyCache = KeyCache()
    ) {
        self.issuer = issuer
        self.keys = keys
        self.hs256Secrets = hs256Secrets
        self.audiences = audiences
        self.algorithms = algorithms ?? (keys == nil ? [] : ["RS256", "ES256"]) + (hs256Secrets.isEmpty ? [] : ["HS256"])
        self.claims = claims
        self.cache = cache
    }

    /// The issuer as operators name it in messages, metrics and `/readyz`: `issuer`, or the discovery URL.
    package var label: String {
        if let issuer { return issuer }
        if case .discovery(let url) = keys { return url }
        return ""
    }

    /// Which claims of the session JWT hold the user's id, email and name.
    package struct ClaimNames: Hashable, Sendable {
        /// The claim with the user id (default `sub`); a token without it is refused.
        package var userId: String
        /// The claim with the email (default `email`), taken only when `email_verified` is not `false`.
        package var email: String
        /// The claim with the display name (default `name`).
        package var name: String
        /// Creates a mapping.
        package init(userId: String = "sub", email: String = "email", name: String = "name") {
            self.userId = userId
            self.email = email
            self.name = name
        }
    }

    /// How keys fetched from a URL are cached (`keys_cache:`), in seconds. A key set is kept for the
    /// answer's `Cache-Control: max-age` clamped into `minAge...maxAge` (`defaultAge` without one),
    /// refreshed in the background once 80 % of that has passed, refreshed at once for an unknown
    /// `kid` at most once per `refreshInterval`, and served while the provider fails until `maxStale`
    /// after it went out of date.
    package struct KeyCache: Hashable, Sendable {
        /// The age a key set is kept for when its answer has no `Cache-Control: max-age` (1 hour, clamped).
        package static let defaultAge: Int64 = 3600
        /// The largest `max_age` and `max_stale` accepted (7 days).
        package static let maxBound: Int64 = 604_800
        /// The largest `timeout` accepted (60 s).
        package static let maxTimeout: Int64 = 60

        /// The shortest time a fetched key set is kept (default 5 minutes).
        package var minAge: Int64
        /// The longest time a fetched key set is kept (default 24 hours).
        package var maxAge: Int64
        /// How long past its age the last good key set keeps serving while the provider fails (default 24 hours).
        package var maxStale: Int64
        /// The least time between two refreshes caused by an unknown `kid` (default 30 s).
        package var refreshInterval: Int64
        /// The deadline of one fetch, connection included (default 10 s).
        package var timeout: Int64

        /// Creates a cache policy.
        package init(
            minAge: Int64 = 300, maxAge: Int64 = 86_400, maxStale: Int64 = 86_400, refreshInterval: Int64 = 30, timeout: Int64 = 10
        ) {
            self.minAge = minAge
            self.maxAge = maxAge
            self.maxStale = maxStale
            self.refreshInterval = refreshInterval
            self.timeout = timeout
        }

        /// How long a key set whose answer said `max-age` (or nothing) is kept.
        package func age(forMaxAge maxAge: Int64?) -> Int64 { min(max(maxAge ?? Self.defaultAge, minAge), self.maxAge) }
    }
}
