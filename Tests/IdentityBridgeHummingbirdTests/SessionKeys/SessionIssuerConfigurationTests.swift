import IdentityBridge
import Testing

/// Issue 48: `session_tokens.issuers`, each issuer's key source, audiences, algorithms and cache bounds,
/// `api_keys` optional for an app served to session tokens, and every mistake at its line.
extension ServiceConfigurationTests {
    @Test func issuersAreReadWithTheirSourcesAndDefaults() throws {
        let configuration = try load(
            """
                service:
                  session_tokens:
                    issuers:
                      - issuer_url: https://dev-abc123.us.auth0.com/
                        audience: [ "https://api.example.com", demo-mobile ]
                        algorithms: [ RS256 ]
                        keys_cache: { min_age: 1m, max_age: 2h, max_stale: 0, refresh_interval: 10s, timeout: 3s }
                      - issuer: https://securetoken.google.com/demo-project
                        jwks_url: https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com
                        audience: demo-project
                        claims: { user_id: user_id }
            """)
        let service = try #require(configuration.app("demo")?.service)
        #expect(service.apiKeys.isEmpty, "an app served to session tokens only lists no API key")
        let issuers = try #require(service.sessionTokens?.issuers)
        #expect(issuers.count == 2)
        #expect(issuers[0].issuer == nil, "the discovery document's issuer is compared")
        #expect(issuers[0].keys == .discovery(url: "https://dev-abc123.us.auth0.com/"))
        #expect(issuers[0].audiences == ["https://api.example.com", "demo-mobile"])
        #expect(issuers[0].algorithms == ["RS256"])
        #expect(issuers[0].cache == .init(minAge: 60, maxAge: 7200, maxStale: 0, refreshInterval: 10, timeout: 3))
        #expect(issuers[1].issuer == "https://securetoken.google.com/demo-project")
        #expect(issuers[1].algorithms == ["RS256", "ES256"])
        #expect(issuers[1].claims.userId == "user_id")
        #expect(issuers[1].cache == .init())
        #expect(issuers[1].cache.age(forMaxAge: nil) == 3600)
        #expect(issuers[1].cache.age(forMaxAge: 5) == 300, "below min_age: raised")
        #expect(issuers[1].cache.age(forMaxAge: 10_000_000) == 86_400, "above max_age: cut")
    }

    @Test func issuerMistakesAreReportedAtTheirLine() {
        func problems(_ issuer: String) -> [String] {
            diagnostics("    service:\n      session_tokens:\n        issuers:\n          - " + issuer)
        }
        #expect(
            problems("issuer_url: http://auth.example.com\n            audience: a") == [
                "c.yaml:6:25: error: 'issuer_url' of service of app 'demo' must be an https URL (http only to a loopback host: 127.0.0.1, ::1 or localhost, for tests)."
            ])
        #expect(
            problems("issuer_url: https://user:pw@auth.example.com\n            audience: a").first?.contains("user name or password")
                == true)
        #expect(
            problems("issuer_url: https://a.example.com\n            jwks_url: https://a.example.com/jwks\n            audience: a")
                == [
                    "c.yaml:7:23: error: service of app 'demo' sets both 'issuer_url' and 'jwks_url'; an issuer's keys come from one place."
                ])
        #expect(
            problems("jwks_url: https://a.example.com/jwks\n            audience: a") == [
                "c.yaml:6:13: error: service of app 'demo' is missing required setting 'issuer'."
            ])
        #expect(
            problems("issuer_url: https://a.example.com\n            issuer: https://b.example.com\n            audience: a").first?
                .contains("'issuer' of service of app 'demo' is not its 'issuer_url'") == true)
        #expect(
            problems("issuer_url: https://a.example.com").contains {
                $0.contains("missing required setting 'audience' (the aud your provider puts in the user's token)")
            })
        #expect(
            problems("issuer_url: https://a.example.com\n            audience: a\n            algorithms: [ RS512 ]").first?.contains(
                "lists 'RS512'; it may list RS256, ES256, HS256") == true)
        #expect(
            problems("issuer_url: https://a.example.com\n            audience: a\n            algorithms: [ HS256 ]").first?.contains(
                "lists HS256 but the issuer has no 'hs256_secrets'") == true)
        #expect(
            problems("issuer_url: https://a.example.com\n            audience: a\n            keys_cache: { min_age: 1h, max_age: 1m }")
                .first?.contains("'max_age' of service of app 'demo' keys_cache is below its 'min_age'") == true)
        #expect(
            problems("issuer: https://a.example.com\n            audience: a").first?.contains("needs where the issuer's keys are") == true)
        let twice = diagnostics(
            """
                service:
                  session_tokens:
                    issuers:
                      - { issuer_url: "https://a.example.com/", audience: a }
                      - { issuer: "https://a.example.com", jwks_url: "https://a.example.com/jwks", audience: b }
            """)
        #expect(twice.first?.contains("lists issuer 'https://a.example.com' twice") == true, "\(twice)")
        // Without session tokens, an app still needs its API keys.
        #expect(diagnostics("    service:\n      body_limit: 4KiB").first?.contains("missing required secret list 'api_keys'") == true)
    }
}
