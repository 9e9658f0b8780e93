import Foundation
import IdentityBridge
import IdentityBridgeClient
import IdentityBridgeSimulators
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Logging
import Synchronization
import Testing

/// The defects issue 35 lists, each pinned by a test that fails on the client before its fix:
/// clearing by id, "expired" callbacks, the overall deadline, 502/504/429 retries, redaction, the
/// received status and the bounded cache. Time moves only on `ManualClientClock`s; waiting for a
/// task to park on the clock yields the thread, it never sleeps.
@Suite struct ClientDefectTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    // MARK: clearing a user

    @Test func clearingAUserByIdClearsTheCredentialFetchedWithTheirEmailToo() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let client = CredentialClient.fake(service, clock: clock)
        _ = try await client.credential(for: ann, from: chatRef)
        client.logout(user: UserIdentity(userId: ann.userId))
        #expect(client.cachedCount == 0, "the entry fetched with ann's id and email is cleared by her id alone")
        _ = try await client.credential(for: ann, from: chatRef)
        #expect(service.requests == 2)
        client.clear(user: UserIdentity(email: "ANN@example.com"))
        #expect(client.cachedCount == 0, "and by her email alone, without case")
        _ = try await client.credential(for: bob, from: chatRef)
        client.clear(user: UserIdentity(userId: ann.userId))
        #expect(client.cachedCount == 1, "bob's entry stays")
    }

    // MARK: "expired" callbacks

    @Test func aCredentialSourceAskedAgainIsCachedAndAfterARefusalGetsANewCredential() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let client = CredentialClient.fake(service, clock: clock)
        let hook = client.credentialSource(for: ann, from: chatRef)
        let first = try await hook().jwt
        // Chat's re-connect: the SDK asks the same source again; the JWT is fresh, so the cache answers.
        for _ in 0..<1_000 { #expect(try await hook().jwt == first) }
        #expect(service.requests == 1, "a repeated call while fresh makes no request")
        // Messaging's onInvalidAuth, Chat's refusal, Helpshift's userSessionExpired: the provider says so.
        let second = try await CredentialSourceCall.afterRefusal(hook).jwt
        #expect(second != first, "the hook handed back the JWT the SDK just refused")
        #expect(service.requests == 2)
        // Another caller's cache hit is not disturbed: it gets the newest credential.
        #expect(try await client.credential(for: ann, from: chatRef).jwt == second)
        #expect(service.requests == 2)
        let credentials = client.credentialSource(for: ann, from: chatRef)
        #expect(try await credentials().jwt == second, "the first ask of a new hook is a cache hit")
        #expect(try await CredentialSourceCall.afterRefusal(credentials).jwt != second, "an ask after a refusal is a new credential")
        // A refusal of an older credential does not drop a newer one fetched meanwhile.
        let newest = try await client.credential(for: ann, from: chatRef).jwt
        let requests = service.requests
        #expect(try await CredentialSourceCall.afterRefusal(hook).jwt == newest)
        #expect(service.requests == requests)
    }

    /// The source a user switch logs a provider in with (Messaging's
    /// `expiredJWT`, Chat's re-authentication, Helpshift's `refreshUserCredentials` /
    /// `userSessionExpired` all ask it): a second ask is the cached credential; an ask after a refusal is a
    /// new credential from the service.
    @Test(arguments: [LiveTokenService.messaging, LiveTokenService.chat, LiveTokenService.helpshift])
    func theSwitchsCredentialSourceInvalidatesOnlyAfterARefusal(reference: ProviderReference) async throws {
        let live = try LiveTokenService()
        try await live.serve { url, counter in
            let vendors = SimulatedVendors(clock: SystemClock())
            let context = vendors.context(logger: Logger(label: "test.sim", factory: { _ in SwiftLogNoOpLogHandler() }))
            let base = try live.configuration.makeProvider(app: "demo", provider: reference.name, context: context)
            let capturing = SourceCapturingProvider(base)
            let client = LiveTokenService.client(url)
            try await client.switchUser(from: nil, to: ann, providers: [capturing])
            #expect(counter.credentials(reference.name) == 1)
            let source = try #require(capturing.source)
            let login = try await source()
            #expect(counter.credentials(reference.name) == 1, "the login's credential is handed first")
            _ = login
            // Asked again while fresh (Chat's re-connect): the cache.
            _ = try await source()
            #expect(counter.credentials(reference.name) == 1, "a repeated ask while fresh is a cache hit")
            // Asked after a refusal: a new request, not the cache (within the same second the service may mint the same bytes).
            _ = try await CredentialSourceCall.afterRefusal(source)
            #expect(counter.credentials(reference.name) == 2, "the SDK got back the cached credential it reported expired")
        }
    }

    // MARK: deadline and retries

    @Test func aServiceThatNeverAnswersFailsTheCallAtItsDeadline() async throws {
        let clock = ManualClientClock(Self.start)
        let service = HangingTransport()
        let policy = CredentialClient.RetryPolicy(maxRetries: 3, initialDelay: 1, maximumDelay: 5, jitter: 0)
        let client = CredentialClient.fake(service, clock: clock, retry: policy, timeout: 10)
        let call = TrackedCall { try await client.credential(for: ann, from: chatRef) }
        try #require(await settle { clock.sleepers == 1 })
        clock.advance(by: 10)  // the first attempt times out
        try #require(await settle { clock.sleepers == 1 && clock.deadlines.first == Self.start.addingTimeInterval(11) })
        clock.advance(by: 1)  // the backoff
        try #require(await settle { service.calls == 2 && clock.sleepers == 1 })
        // The second attempt may only take what is left of the 15 s.
        let bounded = clock.deadlines == [Self.start.addingTimeInterval(15)]
        #expect(bounded, "the second attempt waits until \(clock.deadlines), past the 15 s deadline")
        guard bounded else { return call.cancel() }
        clock.advance(by: 4)
        let error = await #expect(throws: IdentityError.self) { try await call.value() }
        #expect(error?.code == .networkError)
        #expect(error?.message.contains("deadline") == true, "\(String(describing: error))")
        #expect(service.calls == 2)
    }

    /// `timeout` and `deadline` hold whatever the transport does: one that ignores cancellation and
    /// answers only after 20 s keeps a caller with `timeout: 1, deadline: 3, maxRetries: 0` for 1 s.
    @Test func aTransportThatIgnoresCancellationCannotHoldTheCallerPastItsTimeout() async throws {
        let clock = ManualClientClock(Self.start)
        let deaf = DeafTransport()
        defer { deaf.release() }
        let policy = CredentialClient.RetryPolicy(maxRetries: 0)
        let client = CredentialClient.fake(deaf, clock: clock, retry: policy, timeout: 1, deadline: 3)
        let call = TrackedCall { try await client.credential(for: ann, from: chatRef) }
        try #require(await settle { clock.sleepers == 1 && deaf.calls == 1 })
        clock.advance(by: 1)
        let error = await #expect(throws: IdentityError.self) { try await call.value() }
        #expect(error?.code == .networkError)
        #expect(error?.message.contains("did not answer within 1") == true, "\(String(describing: error))")
    }

    /// A logout frees the callers of a fetch whose transport ignores cancellation, at once.
    @Test func aLogoutFreesACallerWhoseTransportIgnoresCancellation() async throws {
        let clock = ManualClientClock(Self.start)
        let deaf = DeafTransport()
        defer { deaf.release() }
        let client = CredentialClient.fake(deaf, clock: clock, timeout: 20, deadline: 30)
        let call = TrackedCall { try await client.credential(for: ann, from: chatRef) }
        try #require(await settle { deaf.calls == 1 })
        client.logout(user: ann)
        let error = await #expect(throws: IdentityError.self) { try await call.value() }
        #expect(error?.code == .notLoggedIn)
        #expect(clock.now() == Self.start, "no time passed on the client's clock")
    }

    /// A credential with no life left when it arrives (`expires_in: 0`: a lifetime shorter than the
    /// request) is handed to no one: `token_expired`, naming the lifetime to raise.
    @Test func aCredentialThatArrivesExpiredIsHandedToNoOne() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let client = CredentialClient.fake(ExpiresInTransport(base: service, expiresIn: 0), clock: clock)
        let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: chatRef) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.recovery?.contains("token_lifetime") == true, "\(String(describing: error))")
        #expect(client.cachedCount == 0)
    }

    @Test func fiveOTwoFiveOFourAndFourTwentyNineAreRetriedAfterRetryAfter() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let shaped = ScriptedAnswers(
            service,
            [
                ClientResponse(status: 502, body: Data("<html>Bad Gateway</html>".utf8)),
                ClientResponse(status: 504),
                ClientResponse(status: 429, headers: ["Retry-After": "7"]),
            ])
        let policy = CredentialClient.RetryPolicy(maxRetries: 3, initialDelay: 1, maximumDelay: 30, jitter: 0)
        let client = CredentialClient.fake(shaped, clock: clock, retry: policy, timeout: 1_000)
        let call = TrackedCall { try await client.credential(for: ann, from: chatRef) }
        var elapsed = 0.0
        // The 429's Retry-After (7 s) is longer than its backoff (4 s): it wins.
        for (answered, backoff) in [(1, 1.0), (2, 2.0), (3, 7.0)] {
            let wake = Self.start.addingTimeInterval(elapsed + backoff)
            let parked = await settle { (shaped.answered == answered && clock.deadlines == [wake]) || call.isDone }
            #expect(parked && !call.isDone, "not retried after answer \(answered) (\(clock.deadlines))")
            guard parked, !call.isDone else { return }
            elapsed += backoff
            clock.advance(by: backoff)
        }
        let credential = try await call.value()
        #expect(credential.jwt == service.issued.last)
        #expect(shaped.answered == 3)
        #expect(service.requests == 1)
    }

    @Test func aRetryAfterPastTheDeadlineIsTheErrorAtOnceWithTheStatusReceived() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let shaped = ScriptedAnswers(service, [ClientResponse(status: 429, headers: ["Retry-After": "3600"])])
        let client = CredentialClient.fake(shaped, clock: clock)
        let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: chatRef) }
        #expect(error?.code == .networkError)
        #expect(error?.httpStatus == 429)
        #expect(service.requests == 0)
    }

    @Test func anErrorDecodedFromAnAnswerKeepsTheStatusReceived() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let uniform = #"{"error":{"code":"value_too_long","message":"too long","field":"userId","vendor_code":null}}"#
        let shaped = ScriptedAnswers(service, [ClientResponse(status: 400, body: Data(uniform.utf8))])
        let client = CredentialClient.fake(shaped, clock: clock)
        let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: chatRef) }
        #expect(error?.code == .valueTooLong)
        #expect(error?.field == "userId")
        #expect(error?.httpStatus == 400, "the status received, not the 422 of its code")
        #expect(shaped.answered == 1, "not retried")
    }

    // MARK: redaction

    @Test func noDescriptionShowsAKeyATokenOrAnEmail() {
        let key = "live-api-key-0123456789abcdef"
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl"
        let request = ClientRequest(
            url: URL(string: "https://identity.example.com/v1/apps/demo/providers/chat/credentials")!,
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: Data(#"{"email":"ann@example.com","user_id":"u-ann"}"#.utf8), timeout: 10)
        let response = ClientResponse(status: 200, body: Data(#"{"credential":{"jwt":"\#(token)"}}"#.utf8))
        let proofRequest = CallerProofRequest(user: ann, provider: chatRef, previousWasRejected: false)
        let values: [Any] = [CallerProof.apiKey(key), CallerProof.sessionToken(token), request, response, proofRequest]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            for text in [String(describing: value), String(reflecting: value), dumped] {
                for secret in [key, token, "ann@example.com", "u-ann"] {
                    #expect(!text.contains(secret), "\(type(of: value)) shows a secret: \(text)")
                }
            }
        }
        #expect(String(describing: request).contains("Authorization: <redacted>"))
    }

    // MARK: the bounded cache

    @Test func theCacheKeepsAtMostItsMaximumAndEvictsTheLeastRecentlyUsed() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock)
        let client = CredentialClient.fake(service, clock: clock)
        let maximum = 256
        let users = (0...maximum).map { UserIdentity(userId: "u-\($0)") }
        for user in users.prefix(maximum) { _ = try await client.credential(for: user, from: chatRef) }
        _ = try await client.credential(for: users[0], from: chatRef)  // u-0 is now the most recent
        #expect(service.requests == maximum)
        _ = try await client.credential(for: users[maximum], from: chatRef)  // evicts u-1, the least recent
        #expect(client.cachedCount == maximum, "at most the default maximum (\(maximum)) is held")
        _ = try await client.credential(for: users[0], from: chatRef)
        #expect(service.requests == maximum + 1, "u-0 was used recently: still cached")
        _ = try await client.credential(for: users[1], from: chatRef)
        #expect(service.requests == maximum + 2, "u-1 was evicted")
    }

    @Test func expiredEntriesAreDroppedWithoutAClear() async throws {
        let clock = ManualClientClock(Self.start)
        let service = FakeTokenService(clock: clock, lifetime: 420)
        let client = CredentialClient.fake(service, clock: clock)
        for index in 0..<10 { _ = try await client.credential(for: UserIdentity(userId: "old-\(index)"), from: chatRef) }
        clock.advance(by: 3_600)  // all ten expired an hour ago
        for index in 0..<64 { _ = try await client.credential(for: UserIdentity(userId: "new-\(index)"), from: chatRef) }
        #expect(client.cachedCount == 64, "the ten expired entries are still held")
    }
}

/// A flag tasks share.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    /// Sets the flag; true if it was not set yet.
    func setFirst() -> Bool { !value.exchange(true, ordering: .sequentiallyConsistent) }
}

/// A call of the client in its own task, whose end the test can see without waiting for it.
final class TrackedCall: Sendable {
    private let done: Flag
    private let task: Task<Credential, any Error>

    init(_ body: @escaping @Sendable () async throws -> Credential) {
        let done = Flag()
        self.done = done
        task = Task {
            defer { done.set() }
            return try await body()
        }
    }

    var isDone: Bool { done.isSet }
    func value() async throws -> Credential { try await task.value }
    func cancel() { task.cancel() }
}

/// A transport that answers `script` first (a load balancer's 502, a gateway's 504, a 429), then passes requests to `base`.
final class ScriptedAnswers: ClientTransport {
    let base: any ClientTransport
    private let script: Mutex<[ClientResponse]>
    private let count = Atomic<Int>(0)
    init(_ base: any ClientTransport, _ script: [ClientResponse]) {
        self.base = base
        self.script = Mutex(script)
    }
    /// How many scripted answers were given.
    var answered: Int { count.load(ordering: .sequentiallyConsistent) }

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        if let next = script.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            count.add(1, ordering: .sequentiallyConsistent)
            return next
        }
        return try await base.send(request)
    }
}

/// A provider around another that keeps the source it is
/// logged in with (what the vendor SDK's "expired" callback would ask), and logs `base` in with
/// the source's first credential.
final class SourceCapturingProvider: ForwardingProvider {
    let base: any IdentityProvider
    private let captured = Mutex<CredentialSource?>(nil)
    private let first = Mutex<Credential?>(nil)
    init(_ base: any IdentityProvider) { self.base = base }
    var source: CredentialSource? {
        guard let source = captured.withLock({ $0 }) else { return nil }
        // The source handed the login's credential already: hand it again first, as the SDK would hold it.
        let first = first.withLock { $0 }
        let handedFirst = Flag()
        return { () async throws(IdentityError) -> Credential in
            if let first, handedFirst.setFirst() { return first }
            return try await source()
        }
    }

    func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        let credential = try await source()
        captured.withLock { $0 = source }
        first.withLock { $0 = credential }
        return try await base.login(credential: credential)
    }

}
