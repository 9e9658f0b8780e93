import Foundation
import IdentityBridge
import IdentityBridgeClient
import IdentityBridgeTestSupport
import InMemoryLogging
import Logging
import Metrics
import MetricsTestKit
import Synchronization
import Testing

/// The client's behaviour against a scripted service on a test clock: cache, single flight,
/// refresh ahead, retries, timeouts, logout, clock skew, events, metrics and logs.
@Suite(.timeLimit(.minutes(5))) struct CredentialClientTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func exp(_ jwt: String) throws -> Int64 {
        try #require(try DecodedJWT.decode(jwt).claim("exp")?.intValue)
    }

    @Test func concurrentCallersShareOneRequestAndLaterCallsHitTheCache() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let metrics = TestMetrics()
        let client = CredentialClient.fake(service, clock: clock, metrics: metrics)
        service.hold()
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<100 { group.addTask { try await client.credential(for: ann, from: chatRef).jwt } }
            await service.waitUntilHolding(1)
            #expect(service.heldCount == 1)
            service.release()  // before any failure: the group waits for its children
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(service.requests == 1)
        #expect(Set(tokens).count == 1)
        #expect(tokens.first! == service.issued.first)
        _ = try await client.credential(for: ann, from: chatRef)
        #expect(service.requests == 1)
        #expect(try metrics.expectCounter("identitybridge_client_fetches_total", Self.dimensions).totalValue == 1)
        #expect(try metrics.expectCounter("identitybridge_client_cache_hits_total", Self.dimensions).totalValue == 1)
    }

    static let dimensions = [("app", "demo"), ("provider", "chat"), ("kind", "zendesk-chat")]

    @Test func aTokenInsideTheMarginIsRefreshedOnceAheadOfExpiry() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock, lifetime: 420)
        let metrics = TestMetrics()
        let client = CredentialClient.fake(service, clock: clock, margin: 60, metrics: metrics)
        let events = EventRecorder()
        _ = events.record(client.eventHub)
        let first = try #require(try await client.credential(for: ann, from: chatRef).jwt)
        clock.advance(by: 420 - 30)  // 30 s before expiry: inside the 60 s margin
        service.hold()
        var handed: [String?] = []
        for _ in 0..<10 { handed.append(try await client.credential(for: ann, from: chatRef).jwt) }
        #expect(handed.allSatisfy { $0 == first }, "inside the margin the cached token is handed out while the refresh runs")
        await service.waitUntilHolding(1)
        #expect(service.heldCount == 1)
        service.release()
        await client.waitForPendingFetches()
        #expect(service.requests == 2, "exactly one refresh")
        let second = try #require(try await client.credential(for: ann, from: chatRef).jwt)
        #expect(second != first)
        #expect(try Self.exp(second) > Int64(clock.now().timeIntervalSince1970) + 60)
        #expect(try metrics.expectCounter("identitybridge_client_refreshes_ahead_total", Self.dimensions).totalValue == 1)
        #expect(events.names == [.credentialsRefreshRequested])
    }

    /// Over an hour of test time, in 5-second steps, every token handed out is valid on the service's
    /// clock, and every token is fetched once: one request per credential life, never more.
    @Test(arguments: [0.0, 600.0, -600.0])
    func overAnHourNoCallerHoldsAnExpiredTokenWhateverTheDeviceClock(deviceSkew: Double) async throws {
        let device = ManualClientClock(Self.start.addingTimeInterval(deviceSkew))
        let serviceClock = OffsetClock(base: device, offset: -deviceSkew)
        let service = FakeTokenService(clock: serviceClock, lifetime: 420)
        let client = CredentialClient.fake(service, clock: device, margin: 60)
        var lastToken: String?
        var changes = 0
        for _ in 0..<(3_600 / 5) {
            let token = try #require(try await client.credential(for: ann, from: chatRef).jwt)
            let serviceNow = Int64(serviceClock.now().timeIntervalSince1970)
            #expect(try Self.exp(token) > serviceNow, "an expired token was handed out (skew \(deviceSkew))")
            if token != lastToken {
                changes += 1
                if lastToken != nil {
                    // The refresh happened inside the margin, ahead of the old token's expiry.
                    #expect(try Self.exp(lastToken!) - serviceNow <= 60 + 5)
                    #expect(try Self.exp(lastToken!) >= serviceNow)
                }
                lastToken = token
            }
            await client.waitForPendingFetches()
            device.advance(by: 5)
        }
        // A 420 s token refreshed 60 s ahead: one fetch per 360 s, so 10 or 11 in an hour (plus the first).
        #expect((10...12).contains(service.requests), "\(service.requests) requests (skew \(deviceSkew))")
        #expect(service.requests == service.issued.count)
        #expect(abs(client.serviceClockOffset + deviceSkew) < 1.5)
    }

    @Test func threeOSThreeThenTwoHundredIsTwoRetriesWithBackoffOnTheClock() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        service.script([503, 503])
        let metrics = TestMetrics()
        let policy = CredentialClient.RetryPolicy(maxRetries: 3, initialDelay: 1, maximumDelay: 30, jitter: 0)
        let client = CredentialClient.fake(service, clock: clock, retry: policy, timeout: 1_000, metrics: metrics)
        let task = Task { try await client.credential(for: ann, from: chatRef) }
        // First backoff: 1 s; the second: 2 s. Nothing is retried before the clock moves.
        try #require(await settle { clock.deadlines.contains(Self.start.addingTimeInterval(1)) })
        #expect(service.requests == 1)
        clock.advance(by: 1)
        try #require(await settle { clock.deadlines.contains(Self.start.addingTimeInterval(3)) })
        #expect(service.requests == 2)
        clock.advance(by: 2)
        let credential = try await task.value
        #expect(credential.jwt == service.issued.last)
        #expect(service.requests == 3)
        #expect(try metrics.expectCounter("identitybridge_client_retries_total", Self.dimensions).totalValue == 2)
    }

    @Test func backoffDoublesUpToItsCapWithBoundedJitter() {
        let policy = CredentialClient.RetryPolicy(maxRetries: 5, initialDelay: 0.5, maximumDelay: 3, jitter: 0.5)
        #expect(policy.delay(beforeRetry: 1, random: 1) == 0.5)
        #expect(policy.delay(beforeRetry: 2, random: 1) == 1)
        #expect(policy.delay(beforeRetry: 3, random: 1) == 2)
        #expect(policy.delay(beforeRetry: 4, random: 1) == 3)
        #expect(policy.delay(beforeRetry: 3, random: 0) == 1)
    }

    @Test func aFourTwentyTwoIsNotRetriedAndSurfacesTheUniformError() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        service.script([422])
        let client = CredentialClient.fake(service, clock: clock)
        let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: chatRef) }
        #expect(error?.code == .valueTooLong)
        #expect(error?.field == "userId")
        #expect(error?.provider == chatRef)
        #expect(service.requests == 1)
    }

    @Test func aFourOhOneAsksForTheProofOnceMoreThenFails() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        service.script([401, 401])
        let asked = Mutex<[Bool]>([])
        let client = CredentialClient(
            configuration: .init(
                baseURL: URL(string: "http://127.0.0.1:9")!, app: "demo", clock: clock, transport: service, metrics: TestMetrics()),
            proof: { request in
                asked.withLock { $0.append(request.previousWasRejected) }
                return .sessionToken(request.previousWasRejected ? "renewed-session" : "stale-session")
            })
        let events = EventRecorder()
        _ = events.record(client.eventHub)
        let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: chatRef) }
        #expect(error?.code == .tokenInvalid)
        #expect(asked.withLock { $0 } == [false, true])
        #expect(service.authorizations == ["Bearer stale-session", "Bearer renewed-session"])
        #expect(events.names == [.authenticationFailed])
        // A renewed proof that the service accepts: the credential.
        service.script([401])
        asked.withLock { $0.removeAll() }
        let credential = try await client.credential(for: bob, from: chatRef)
        #expect(credential.jwt != nil)
        #expect(asked.withLock { $0 } == [false, true])
    }

    /// Two attempts of 6 s fit the 15 s deadline (the deadline's own test is in `ClientDefectTests`).
    @Test func aServiceThatHangsIsANetworkErrorAfterTheTimeoutOnTheClock() async throws {
        let clock = ManualClientClock(Self.start)
        let transport = HangingTransport()
        let policy = CredentialClient.RetryPolicy(maxRetries: 1, initialDelay: 0, jitter: 0)
        let client = CredentialClient.fake(transport, clock: clock, retry: policy, timeout: 6)
        let task = Task { try await client.credential(for: ann, from: chatRef) }
        try #require(await settle { transport.calls == 1 && clock.sleepers == 1 })
        clock.advance(by: 6)
        try #require(await settle { transport.calls == 2 && clock.sleepers == 1 })
        clock.advance(by: 6)
        let error = await #expect(throws: IdentityError.self) { try await task.value }
        #expect(error?.code == .networkError)
        #expect(error?.message.contains("6.0s") == true)
        #expect(transport.calls == 2)
    }

    @Test func aResponseArrivingAfterLogoutIsDiscardedAndTheNextUserFetchesAnew() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let metrics = TestMetrics()
        let client = CredentialClient.fake(service, clock: clock, metrics: metrics)
        service.hold()
        let annTask = Task { try await client.credential(for: ann, from: chatRef) }
        defer { service.release() }
        await service.waitUntilHolding(1)
        try #require(service.heldCount == 1)
        client.logout(user: ann)
        service.release()
        let error = await #expect(throws: IdentityError.self) { try await annTask.value }
        #expect(error?.code == .notLoggedIn)
        #expect(client.cachedCount == 0, "the late credential was cached")
        #expect(try metrics.expectCounter("identitybridge_client_discarded_responses_total", Self.dimensions).totalValue == 1)
        let bobToken = try #require(try await client.credential(for: bob, from: chatRef).jwt)
        #expect(service.requests == 2)
        #expect(try DecodedJWT.decode(bobToken).claim("external_id")?.stringValue == "u-bob")
        #expect(bobToken != service.issued.first)
    }

    @Test func clearAllDropsEveryUserAndTheNextCallFetches() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let client = CredentialClient.fake(service, clock: clock)
        _ = try await client.credential(for: ann, from: chatRef)
        _ = try await client.credential(for: bob, from: chatRef)
        #expect(client.cachedCount == 2)
        client.clearAll()
        #expect(client.cachedCount == 0)
        _ = try await client.credential(for: ann, from: chatRef)
        #expect(service.requests == 3)
    }

    @Test func logsHoldNeitherTokensNorEmails() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        service.script([503, 422])
        var capture = InMemoryLogHandler()
        capture.logLevel = .trace
        let handler = capture
        let policy = CredentialClient.RetryPolicy(maxRetries: 2, initialDelay: 0, jitter: 0)
        let client = CredentialClient(
            configuration: .init(
                baseURL: URL(string: "http://127.0.0.1:9")!, app: "demo", retry: policy, clock: clock, transport: service,
                logger: Logger(label: "test") { _ in handler }, metrics: TestMetrics()),
            proof: { _ in .apiKey("secret-api-key-0123456789") })
        _ = try? await client.credential(for: ann, from: chatRef)
        _ = try await client.credential(for: bob, from: chatRef)
        client.logout(user: bob)
        let lines = capture.entries.map { "\($0.message) \($0.metadata)" }
        #expect(lines.count >= 2)
        for line in lines {
            #expect(!line.contains("@example.com"))
            #expect(!line.contains("secret-api-key"))
            for token in service.issued { #expect(!line.contains(token)) }
        }
    }

    @Test func expiryComesFromTheCredentialItself() throws {
        let signer = HS256Signer(secret: Secret("expiry-test-secret-0123456789abcdef0123"))
        let withExp = Credential.jwt(signer.sign(claims: ["iat": 100, "exp": 520]))
        #expect(CredentialExpiry.expiry(of: withExp, lifetimeWithoutExp: 86_400) == Date(timeIntervalSince1970: 520))
        let identitySystem = Credential.jwt(signer.sign(claims: ["iat": 100, "identities": []]))
        #expect(CredentialExpiry.expiry(of: identitySystem, lifetimeWithoutExp: 86_400) == Date(timeIntervalSince1970: 86_500))
        let support = Credential(fields: ["user_token": .string(signer.sign(claims: ["iat": 100, "exp": 700]))])
        #expect(CredentialExpiry.expiry(of: support, lifetimeWithoutExp: 86_400) == Date(timeIntervalSince1970: 700))
        let digest = Credential(fields: [
            "userId": "u-1", "userAuthToken": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        ])
        #expect(CredentialExpiry.expiry(of: digest, lifetimeWithoutExp: 86_400) == nil)
    }

    @Test func httpDatesParseAndGiveTheOffset() {
        let date = ServiceClock.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(date == Date(timeIntervalSince1970: 784_111_777))
        #expect(ServiceClock.parseHTTPDate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(ServiceClock.parseHTTPDate("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
        let device = Date(timeIntervalSince1970: 784_111_777 - 600)
        let offset = ServiceClock.offset(dateHeader: "Sun, 06 Nov 1994 08:49:37 GMT", sentAt: device, receivedAt: device)
        #expect(offset == 600.5)
    }
}
