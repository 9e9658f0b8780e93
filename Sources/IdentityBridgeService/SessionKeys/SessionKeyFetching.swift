#if TokenService
import IdentityBridge

/// Fetches one document of an identity provider, its OpenID configuration or its JWK Set: `GET url`,
/// refused past `limit` bytes or `timeout`. ``ProviderHTTPClient`` is the one `identity-server`
/// uses; tests pass their own.
package protocol SessionKeyFetching: Sendable {
    /// The body of `url` and the `max-age` its `Cache-Control` states, or why there is none.
    func fetch(_ url: String, limit: Int, timeout: Duration) async throws(SessionKeyFetchFailure) -> FetchedDocument
}

/// A document fetched from an identity provider.
package struct FetchedDocument: Sendable {
    /// The body, at most the fetch's limit.
    package var body: [UInt8]
    /// `Cache-Control: max-age`, in seconds, when the answer states one (and no `no-store` / `no-cache`).
    package var maxAge: Int64?

    package init(body: [UInt8], maxAge: Int64? = nil) {
        self.body = body
        self.maxAge = maxAge
    }

    /// The `max-age` of a `Cache-Control` value; `nil` for none, `no-store` or `no-cache` (the cache's bounds then apply).
    package static func maxAge(cacheControl: String?) -> Int64? {
        guard let cacheControl else { return nil }
        var maxAge: Int64?
        for directive in cacheControl.lowercased().split(separator: ",") {
            let directive = directive.trimmingCharacters(in: .whitespaces)
            if directive == "no-store" || directive == "no-cache" { return nil }
            if directive.hasPrefix("max-age="), let seconds = Int64(directive.dropFirst(8).prefix(12)), seconds >= 0 { maxAge = seconds }
        }
        return maxAge
    }
}

/// Why a provider's document could not be used. Never repeats the body.
package struct SessionKeyFetchFailure: Error, Sendable, Equatable {
    /// `unreachable`: no answer (connection, TLS, timeout, 5xx); `refused`: an answer the service will not use.
    package enum Kind: String, Sendable { case unreachable, refused }

    package var kind: Kind
    /// What went wrong, for a log line, `/readyz` and a refused token's message.
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
#endif
