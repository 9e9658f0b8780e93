import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeClient
import IdentityBridgeSimulators
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Logging
import Synchronization
import Testing
import ZendeskChatAdapter
import ZendeskMessagingAdapter
import ZendeskSupportAdapter

/// The whole flow against a real token service on loopback: app → client → service → credential →
/// the vendor simulator's SDK login, for each of the four kinds; requests counted at the server.
@Suite(.timeLimit(.minutes(5))) struct ClientLiveTests {
    typealias Live = LiveTokenService

    /// The four providers of the live configuration, each talking to its simulator on `clock`.
    static func providers(_ live: Live, clock: any IdentityClock) throws -> [any IdentityProvider] {
        let vendors = SimulatedVendors(clock: clock)
        let context = vendors.context(logger: Logger(label: "test.sim", factory: { _ in SwiftLogNoOpLogHandler() }))
        return try Live.all.map { try live.configuration.makeProvider(app: "demo", provider: $0.name, context: context) }
    }

    /// Moves Helpshift's Identity System session to a minute before its end and brings the app to the
    /// foreground: the SDK asks for fresh credentials, and the refresh hook logs in again. Returns the
    /// events from then on, once the new login's event has come (the test's time limit fails one that never does).
    static func refreshNearExpiry(_ helpshift: HelpshiftProvider, clock: ManualClock) async throws -> EventRecorder {
        let recorder = EventRecorder()
        _ = recorder.record(helpshift.eventHub)
        let loggedIn = helpshift.eventHub.occurrence(of: .loginSucceeded)
        clock.advance(by: 3_600 - 60)
        try await helpshift.enterForeground()
        await loggedIn.wait()
        return recorder
    }

    static func holds(_ user: UserIdentity, _ provider: any IdentityProvider) async -> Bool {
        guard let current = await provider.currentUser(), !current.isAnonymous else { return false }
        return current.externalId == user.userId || (user.email != nil && current.email?.lowercased() == user.email?.lowercased())
    }

    @Test func aHundredConcurrentRequestsForOneUserAreOneRequestAtTheServer() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let client = Live.client(url)
            let started = ContinuousClock.now
            let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<100 { group.addTask { try await client.credential(for: ann, from: Live.chat).jwt } }
                return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
            }
            #expect(tokens.count == 1)
            #expect(counter.credentials("chat") == 1)
            #expect(client.cachedCount == 1)
            // The service's Date header set the offset: the test host's own clock, so zero within
            // the header's whole second, half the round trip (long on a loaded machine), and the
            // header's staleness: Hummingbird serves a Date cached at start-up and refreshed by a
            // once-a-second timer task, which runs seconds late when the machine is loaded (seen:
            // 2.8 s). CredentialClientTests pins the arithmetic; this bound only catches a wrong source.
            let elapsed = ContinuousClock.now - started
            let roundTrip = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            #expect(abs(client.serviceClockOffset) <= 5 + roundTrip / 2)
        }
    }

    @Test func eachKindLogsInThroughItsOwnHookWithACredentialFromTheService() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let vendorClock = ManualClock(Date())
            let providers = try Self.providers(live, clock: vendorClock)
            // The mobile case: the app's own session JWT proves the caller; the user comes from its claims.
            let client = Live.client(url, proof: { request in .sessionToken(Live.sessionToken(for: request.user)) })

            let messaging = try #require(providers[3] as? ZendeskMessagingProvider)
            _ = try await messaging.login(credentialSource: client.credentialSource(for: ann, from: Live.messaging))
            #expect(await Self.holds(ann, messaging))

            let chat = try #require(providers[2] as? ZendeskChatProvider)
            _ = try await chat.login(credentialSource: client.credentialSource(for: ann, from: Live.chat))
            #expect(await Self.holds(ann, chat))
            // A re-authentication asks getToken again: while the token is fresh, the cache answers.
            _ = await chat.reauthenticate()
            #expect(await chat.currentVisitor()?.isAuthenticated == true)
            #expect(counter.credentials("chat") == 1)
            // After the SDK refused the token, the hook invalidates the token it handed and the SDK gets a
            // newly minted one, never the one it is re-authenticating from (issue 35).
            _ = await CredentialSourceCall.$replacesRefused.withValue(true) { await chat.reauthenticate() }
            #expect(await chat.currentVisitor()?.isAuthenticated == true)
            #expect(counter.credentials("chat") == 2)

            let support = try #require(providers[1] as? ZendeskSupportProvider)
            _ = try await support.login(credentialSource: client.credentialSource(for: ann, from: Live.support))
            #expect(await Self.holds(ann, support))

            let helpshift = try #require(providers[0] as? HelpshiftProvider)
            _ = try await helpshift.login(credentialSource: client.credentialSource(for: ann, from: Live.helpshift, refreshing: true))
            #expect(await Self.holds(ann, helpshift))
            let before = counter.credentials("helpshift")
            // The Identity System session nears its end: the SDK asks for fresh credentials, and the
            // hook logs in again with a newly minted JWT.
            let recorder = try await Self.refreshNearExpiry(helpshift, clock: vendorClock)
            #expect(recorder.names.contains(.loginSucceeded))
            #expect(recorder.names.first == .credentialsRefreshRequested)
            #expect(counter.credentials("helpshift") == before + 1)
            #expect(helpshift.isSessionExpired == false)
            #expect(await Self.holds(ann, helpshift))
        }
    }

    /// The same flow for every instance of the configuration, through `login(credential:)` only:
    /// no per-kind code, so a third-party kind with a simulator gets the client for free.
    @Test func everyConfiguredInstanceLogsInWithTheClientsCredential() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let vendors = SimulatedVendors(clock: SystemClock())
            let client = Live.client(url)
            let instances = try #require(live.configuration.app("demo")?.providers)
            #expect(instances.count == 4)
            for instance in instances {
                let provider = try instance.makeProvider(context: vendors.context())
                let credential = try await client.credential(for: bob, from: instance.reference)
                _ = try await provider.login(credential: credential)
                #expect(await Self.holds(bob, provider), "\(instance.reference)")
                #expect(counter.credentials(instance.reference.name) == 1)
            }
        }
    }

    @Test func aFourTwentyTwoIsOneRequestAndTheUniformErrorWithItsField() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let client = Live.client(url)
            let tooLong = UserIdentity(userId: String(repeating: "x", count: 201), email: "ann@example.com", name: "Ann")
            let error = await #expect(throws: IdentityError.self) { try await client.credential(for: tooLong, from: Live.chat) }
            #expect(error?.code == .valueTooLong)
            #expect(error?.field != nil)
            #expect(error?.provider == Live.chat)
            #expect(counter.credentials("chat") == 1)
        }
    }

    @Test func aFourOhOneAsksForTheProofOnceMoreThenFailsWithTheUniformError() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let asked = Mutex(0)
            let client = Live.client(
                url,
                proof: { _ in
                    asked.withLock { $0 += 1 }
                    return .apiKey("not-a-configured-key-0123456789abcdef")
                })
            let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: Live.chat) }
            #expect(error?.code == .tokenInvalid)
            #expect(asked.withLock { $0 } == 2)
            #expect(counter.credentials("chat") == 2)
        }
    }

    @Test func aServiceThatIsDownIsTheUniformNetworkErrorWithinTheTimeout() async throws {
        let live = try Live()
        let closed = Mutex<URL?>(nil)
        try await live.serve { url, _ in closed.withLock { $0 = url } }  // the port is closed once serve returns
        let url = try #require(closed.withLock { $0 })
        let client = Live.client(url, retry: .init(maxRetries: 2, initialDelay: 0.05, maximumDelay: 0.1), timeout: 2)
        let started = ContinuousClock.now
        let error = await #expect(throws: IdentityError.self) { try await client.credential(for: ann, from: Live.chat) }
        #expect(error?.code == .networkError)
        // Three attempts of at most 2 s each, plus the backoff: never a hang.
        #expect(ContinuousClock.now - started < .seconds(3 * 2 + 1))
    }

    @Test func aUserSwitchAcrossAllFourKindsLeavesNoProviderWithThePreviousUser() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let providers = try Self.providers(live, clock: SystemClock())
            let client = Live.client(url)
            try await client.switchUser(from: nil, to: ann, providers: providers)
            for provider in providers { #expect(await Self.holds(ann, provider), "\(provider.reference)") }
            let sessions = try await client.switchUser(from: ann, to: bob, providers: providers)
            #expect(sessions.count == 4)
            for provider in providers {
                #expect(await Self.holds(bob, provider), "\(provider.reference)")
                #expect(!(await Self.holds(ann, provider)), "\(provider.reference) still holds ann")
            }
            #expect(client.cachedCount == 4, "ann's credentials were cleared, bob's cached")
            for reference in Live.all { #expect(counter.credentials(reference.name) == 2) }
        }
    }

    @Test(arguments: ["login", "logout", "fetch"])
    func aFailureMidSwitchNamesTheStepAndLeavesThePreviousUserWhole(failing step: String) async throws {
        let live = try Live()
        try await live.serve { url, _ in
            var providers = try Self.providers(live, clock: SystemClock())
            let failing = FailingProvider(providers[2])
            providers[2] = failing
            let client = Live.client(
                url,
                proof: { request in
                    if step == "fetch", request.user.userId == bob.userId, request.provider == Live.chat {
                        return .apiKey("not-a-configured-key-0123456789abcdef")
                    }
                    return .apiKey(Live.apiKey)
                })
            try await client.switchUser(from: nil, to: ann, providers: providers)
            failing.fail(step == "fetch" ? nil : step)
            let error = await #expect(throws: UserSwitchError.self) {
                try await client.switchUser(from: ann, to: bob, providers: providers)
            }
            let expected: UserSwitchStep =
                switch step {
                case "login": .login(Live.chat)
                case "logout": .logout(Live.chat)
                default: .fetch(Live.chat)
                }
            #expect(error?.step == expected)
            #expect(error?.restoredPreviousUser == true)
            failing.fail(nil)
            for provider in providers {
                #expect(await Self.holds(ann, provider), "\(provider.reference) is not back to ann after a failed \(step)")
                #expect(!(await Self.holds(bob, provider)), "\(provider.reference) holds bob after a failed \(step)")
            }
        }
    }
}

/// A provider that delegates to another and fails the next `login(credential:)` or `logout()` once, on demand.
final class FailingProvider: ForwardingProvider {
    let base: any IdentityProvider
    let failing = Mutex<String?>(nil)
    init(_ base: any IdentityProvider) { self.base = base }
    func fail(_ operation: String?) { failing.withLock { $0 = operation } }
    private func check(_ operation: String) throws(IdentityError) {
        let fails = failing.withLock { failing in
            defer { if failing == operation { failing = nil } }
            return failing == operation
        }
        if fails {
            throw IdentityError(.networkError, message: "injected \(operation) failure", provider: reference)
        }
    }

    func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        try check("login")
        return try await base.login(credential: credential)
    }
    func logout() async throws(IdentityError) {
        try check("logout")
        try await base.logout()
    }
}
