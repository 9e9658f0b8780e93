import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import IdentityBridgeStandard
import Logging
import Testing

/// Issue 48: keys from the identity provider. A real service (its AsyncHTTPClient included) against
/// ``TestIdentityProvider`` on loopback: discovery, the cache, a refresh on an unknown `kid` (rate-limited
/// and shared), the last good set while the provider fails, and every hostile answer refused once.
@Suite(.serialized) struct SessionKeyFetchTests {
    static let chat = "/v1/apps/demo/providers/chat"

    /// A configuration whose app accepts session tokens of the provider at `port` (no API key).
    static func yaml(port: Int, source: String? = nil, cache: String = "{ refresh_interval: 30s, timeout: 1s }", extraIssuer: String = "")
        -> String
    {
        """
        apps:
          demo:
            service:
              session_tokens:
                issuers:
                  - \(source ?? "issuer_url: http://127.0.0.1:\(port)/")
                    audience: [ other-app, demo-app ]
                    keys_cache: \(cache)
        \(extraIssuer)
            providers:
              - kind: zendesk-chat
                name: chat
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
        """
    }

    /// Runs `test` against a started service over `yaml` (router mode: no listener, the real key fetches), once
    /// the first fetches (which run in the background) have ended.
    static func withService(_ yaml: String, _ test: @Sendable (ServiceClient, TokenService) async throws -> Void) async throws {
        let fixture = try await ServiceFixture(yaml: yaml)
        defer { fixture.remove() }
        try await withRouter(fixture) { client, service in
            await service.sessionKeys.fetchesSettled()
            try await test(client, service)
        }
    }

    static func credentials(_ client: ServiceClient, _ token: String) async throws -> ServiceClient.Answer {
        try await client.post("\(chat)/credentials", body: "", contentType: nil, bearer: token)
    }

    static func sessionKeys(_ client: ServiceClient) async throws -> JSONValue? {
        try await client.get("/readyz").json["session_keys"]?.arrayValue?.first
    }

    @Test func discoveryThenTheKeySetServeTokensFromTheCache() async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        try await provider.addKey("r1", algorithm: "RS256")
        try await provider.serve { port in
            try await Self.withService(Self.yaml(port: port)) { client, _ in
                for kid in ["k1", "r1", "k1", "r1"] {
                    let answer = try await Self.credentials(client, try await provider.token(port: port, kid: kid))
                    #expect(answer.status == 200, "\(kid): \(answer.text)")
                }
                #expect(provider.served("discovery") == 1)
                #expect(provider.served("/jwks") == 1, "every token after the first fetch is a cache hit")
                let keys = try #require(try await Self.sessionKeys(client))
                #expect(keys["state"] == "fresh")
                #expect(keys["issuer"] == .string("http://127.0.0.1:\(port)"), "the discovery document's issuer, as it states it")
                #expect(keys["keys"] == 2)
            }
        }
    }

    @Test func aRotationCostsOneFetchSharedByConcurrentRequests() async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        try await provider.serve { port in
            try await Self.withService(Self.yaml(port: port)) { client, _ in
                #expect(try await Self.credentials(client, try await provider.token(port: port, kid: "k1")).status == 200)
                try await provider.addKey("k2")
                let token = try await provider.token(port: port, kid: "k2")
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<16 { group.addTask { try await Self.credentials(client, token).status } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 200, count: 16))
                #expect(provider.served("/jwks") == 2, "one extra fetch for the rotation, shared by the 16 requests")
                #expect(provider.served("discovery") == 1, "an unknown kid refetches the key set only")
                // The old key is retired; the cache moves on at the next refresh: its tokens are then refused.
                provider.retire("k1")
                #expect(try await Self.credentials(client, try await provider.token(port: port, kid: "k1")).status == 200, "still cached")
            }
        }
    }

    @Test func forgedKeyIDsCauseAtMostOneFetchPerInterval() async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        try await provider.serve { port in
            try await Self.withService(Self.yaml(port: port)) { client, _ in
                let forger = TestIdentityProvider()
                for index in 0..<20 {
                    try await forger.addKey("forged-\(index)")
                    let answer = try await Self.credentials(client, try await forger.token(port: port, kid: "forged-\(index)"))
                    #expect(answer.status == 401)
                    #expect(answer.text.contains("is not in the current key set of issuer"), "\(answer.text)")
                }
                #expect(provider.served("/jwks") == 2, "the start's fetch and one for the first unknown kid; then the rate limit")
                // An unknown iss is refused before any key is looked up: nothing fetched.
                let other = try await provider.token(port: port, kid: "k1", issuer: "https://elsewhere.example.com")
                let refused = try await Self.credentials(client, other)
                #expect(refused.status == 401)
                #expect(refused.text.contains("is not an issuer of app"), "\(refused.text)")
                #expect(provider.served("/jwks") == 2)
            }
        }
    }

    @Test func theLastGoodSetServesWhileTheProviderIsDownThenExpires() async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        provider.answerKeys(.init(cacheControl: "max-age=0"))
        try await provider.serve { port in
            let cache = "{ min_age: 1s, max_age: 1s, max_stale: 2s, refresh_interval: 30s, timeout: 1s }"
            try await Self.withService(Self.yaml(port: port, cache: cache)) { client, service in
                let token = try await provider.token(port: port, kid: "k1")
                #expect(try await Self.credentials(client, token).status == 200)
                provider.answerKeys(.init(status: 503))
                service.sessionKeys.clock.advance(by: .milliseconds(1200))
                await service.sessionKeys.refreshDue()
                #expect(try await Self.credentials(client, token).status == 200, "stale, within max_stale")
                let stale = try #require(try await Self.sessionKeys(client))
                #expect(stale["state"] == "stale")
                #expect(stale["error"] == .string("The provider at http://127.0.0.1:\(port)/jwks answered HTTP 503."))
                #expect(try await client.get("/readyz").status == 200, "the provider's outage is not the instance's")
                let exposition = String(decoding: service.metrics.exposition(), as: UTF8.self)
                #expect(exposition.contains(#"identitybridge_session_keys_stale{app="demo",issuer="http://127.0.0.1:\#(port)/"} 1"#))
                #expect(exposition.contains(#"document="jwks",result="unreachable"} 1"#), "\(exposition)")
                service.sessionKeys.clock.advance(by: .seconds(2))
                let expired = try await Self.credentials(client, token)
                #expect(expired.status == 503)
                #expect(expired.errorCode == "network_error")
                #expect(expired.text.contains("past max_stale"), "\(expired.text)")
                provider.answerKeys(.init())
                await service.sessionKeys.refreshDue()
                #expect(try await Self.credentials(client, token).status == 200, "recovered on the schedule")
            }
        }
    }

    /// Each hostile answer is refused as a whole at the first fetch: the issuer is unfetched, its tokens
    /// are 503 naming why, API keys are untouched, and no token fetches again within the interval.
    @Test(arguments: HostileAnswer.all)
    func aHostileKeySetIsRefusedOnceAndSaysWhy(_ hostile: HostileAnswer) async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        provider.answerKeys(hostile.answer)
        try await provider.serve { port in
            try await Self.withService(Self.yaml(port: port)) { client, _ in
                let keys = try #require(try await Self.sessionKeys(client))
                #expect(keys["state"] == "unfetched", "\(hostile.name)")
                #expect(keys["error"]?.stringValue?.contains(hostile.message) == true, "\(hostile.name): \(keys)")
                for _ in 0..<3 {
                    let answer = try await Self.credentials(client, try await provider.token(port: port, kid: "k1"))
                    #expect(answer.status == 503, "\(hostile.name): \(answer.text)")
                    #expect(answer.text.contains(hostile.message), "\(hostile.name): \(answer.text)")
                }
                #expect(provider.served("/jwks") == 1, "\(hostile.name): refused at the start, not fetched again within the interval")
            }
        }
    }

    /// A signing key for an algorithm the issuer does not allow is left out of the set (the others serve), and a
    /// token naming it is refused, saying which algorithm; an encryption key is skipped.
    @Test func aKeyForAnAlgorithmNotAllowedIsLeftOutAndNamed() async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        try await provider.addKey("k2")
        try await provider.addKey("enc")
        provider.publish("k2", algorithm: "ES384")
        provider.publish("enc", algorithm: "ECDH-ES", use: "enc")
        try await provider.serve { port in
            try await Self.withService(Self.yaml(port: port)) { client, _ in
                #expect(try await Self.credentials(client, try await provider.token(port: port, kid: "k1")).status == 200)
                let refused = try await Self.credentials(client, try await provider.token(port: port, kid: "k2"))
                #expect(refused.status == 401)
                #expect(refused.text.contains(#"is for \"ES384\", which the issuer does not allow"#), "\(refused.text)")
                #expect(try await Self.sessionKeys(client)?["keys"] == 1, "k1 only: k2 left out, the encryption key skipped")
                #expect(provider.served("/jwks") == 1, "a known key of another algorithm fetches nothing")
            }
        }
    }

    @Test func aRedirectOnTheSameHostIsFollowed() async throws {
        let provider = TestIdentityProvider()
        try await provider.addKey("k1")
        provider.answerKeys(.init(status: 302, location: "/jwks-moved"))
        try await provider.serve { port in
            try await Self.withService(
                Self.yaml(port: port, source: "jwks_url: http://127.0.0.1:\(port)/jwks\n            issuer: http://127.0.0.1:\(port)")
            ) { client, _ in
                // /jwks-moved answers as /jwks does (302 too): the redirect limit stops it.
                let keys = try #require(try await Self.sessionKeys(client))
                #expect(keys["error"]?.stringValue?.contains("redirected more than 3 times") == true, "\(keys)")
                #expect(provider.served("/jwks-moved") == 3)
            }
        }
    }
}

/// A provider answer the service must refuse, and the words its refusal carries.
struct HostileAnswer: Sendable, CustomTestStringConvertible {
    let name: String
    let answer: TestIdentityProvider.Answer
    let message: String
    var testDescription: String { name }

    static let all: [HostileAnswer] = [
        HostileAnswer(
            name: "over 64 KiB", answer: .init(body: #"{"keys": [], "pad": ""# + String(repeating: "x", count: 70_000) + #""}"#),
            message: "at most 65536"),
        HostileAnswer(name: "not JSON", answer: .init(body: "<html>"), message: "is not JSON"),
        HostileAnswer(
            name: "an HMAC key", answer: .init(body: #"{"keys": [{"kty": "oct", "kid": "h", "k": "c2VjcmV0"}]}"#),
            message: "symmetric (oct) key"),
        HostileAnswer(
            name: "duplicate kids",
            answer: .init(body: #"{"keys": [{"kty": "oct", "kid": "d", "use": "enc"}, {"kty": "oct", "kid": "d", "use": "enc"}]}"#),
            message: "Two keys have kid"),
        HostileAnswer(name: "a 5xx", answer: .init(status: 500), message: "answered HTTP 500"),
        HostileAnswer(name: "too slow", answer: .init(hangs: true), message: "did not answer within 1 s"),
        HostileAnswer(
            name: "a redirect to another host", answer: .init(status: 302, location: "http://localhost:9/jwks"),
            message: "redirected to another host (localhost)"),
    ]
}
