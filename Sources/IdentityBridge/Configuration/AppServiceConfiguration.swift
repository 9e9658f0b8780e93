internal import Foundation

/// The optional `service:` section of an app: how the token service (`identity-server`, the
/// Hummingbird routes) serves the app. Without it the app is not served.
///
/// ```yaml
/// service:
///   api_keys: [ "${DEMO_API_KEY}" ]           # each a secret reference; optional with session_tokens
///   body_limit: 64KiB                         # optional
///   session_tokens:                           # optional: the user's JWT from the app's identity provider
///     leeway: 60s
///     issuers:                                # see SessionTokenIssuer
///       - issuer_url: https://dev-abc123.us.auth0.com/
///         audience: [ "https://api.example.com" ]
/// ```
package struct AppServiceConfiguration: Sendable {
    /// The default largest request body (64 KiB).
    package static let defaultBodyLimit = 65_536
    /// The largest `body_limit` accepted (1 MiB).
    package static let maxBodyLimit = 1_048_576
    /// The most API keys an app may list (current and previous ones during a rotation).
    package static let maxAPIKeys = 16

    /// The API keys a backend proves itself with (`Authorization: Bearer KEY`); any of them is accepted
    /// (none when the app is served to session tokens only).
    package var apiKeys: [Secret]
    /// The largest request body in bytes.
    package var bodyLimit: Int
    /// How the app's own session JWT is verified, when accepted.
    package var sessionTokens: SessionTokenConfiguration?

    /// Creates a service section.
    package init(apiKeys: [Secret], bodyLimit: Int = defaultBodyLimit, sessionTokens: SessionTokenConfiguration? = nil) {
        self.apiKeys = apiKeys
        self.bodyLimit = bodyLimit
        self.sessionTokens = sessionTokens
    }
}

/// A size in bytes written as `65536`, `64KiB`, `1MiB`, `64KB` or `64k`.
package enum ConfigByteSize {
    /// The size in bytes, or `nil` when `text` is not a size.
    package static func parse(_ text: String) -> Int? {
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
