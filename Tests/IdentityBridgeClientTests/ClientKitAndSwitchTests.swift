import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeClient
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Logging
import Synchronization
import Testing
import ZendeskChatAdapter

/// The test kit's client flow (the `client_login` scenario) on every kind against the live
/// service, the switch's no-leak checks, Chat's re-connect after a switch, and cancelled callers.
@Suite(.timeLimit(.minutes(5))) struct ClientKitAndSwitchTests {
    typealias Live = LiveTokenService

    static let clientScenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/common/client-login.yaml").path

    @Test func theClientLoginScenarioRunsOnEveryKindAgainstTheLiveService() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            var runner = ScenarioRunner(configuration: live.configuration)
            runner.client = .service { _ in Live.client(url) }
            let scenario = try ScenarioParser().parse(path: Self.clientScenario)
            let result = try await runner.run(scenario)
            #expect(result.failures.isEmpty, "\(result.lines.joined(separator: "\n"))")
            #expect(result.passed == 4 * 12)
            // Per kind: ann's credential, then bob's; ann's second login is a cache hit.
            for reference in Live.all { #expect(counter.credentials(reference.name) == 2, "\(reference)") }
        }
    }

    @Test func aProviderThatStillShowsThePreviousUsersConversationsFailsTheSwitchAtItsVerifyStep() async throws {
        let live = try Live()
        try await live.serve { url, _ in
            let vendors = SimulatedVendors(clock: SystemClock())
            let context = vendors.context(logger: Logger(label: "test.sim", factory: { _ in SwiftLogNoOpLogHandler() }))
            var providers = try Live.all.map { try live.configuration.makeProvider(app: "demo", provider: $0.name, context: context) }
            let client = Live.client(url)
            let checks = UserStateCheck.noLeaks(in: vendors, app: "demo")
            try await client.switchUser(from: nil, to: ann, providers: providers, checks: checks)
            try await providers[3].sendMessage("ann's question")
            let messagingSimulator = try #require(vendors.simulator(app: "demo", provider: Live.messaging.name))
            #expect(await messagingSimulator.visibleConversationCount() == 1)
            // An adapter whose logout reports nobody while the SDK keeps the user's session: the
            // provider's currentUser() alone cannot see it; the simulator's conversations do.
            let leaky = LeakyLogoutProvider(providers[3])
            providers[3] = leaky
            let error = await #expect(throws: UserSwitchError.self) {
                try await client.switchUser(from: ann, to: bob, providers: providers, checks: checks)
            }
            #expect(error?.step == .verify(Live.messaging))
            #expect(error?.error.message.contains("visible conversations") == true, "\(String(describing: error))")
            #expect(error?.restoredPreviousUser == true)
            for provider in providers {
                #expect(await ClientLiveTests.holds(ann, provider), "\(provider.reference) is not back to ann")
                #expect(!(await ClientLiveTests.holds(bob, provider)), "\(provider.reference) holds bob")
            }
        }
    }

    @Test func afterASwitchChatsReconnectAsksTheClientForItsToken() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let providers = try ClientLiveTests.providers(live, clock: SystemClock())
            let client = Live.client(url)
            try await client.switchUser(from: nil, to: ann, providers: providers)
            try await client.switchUser(from: ann, to: bob, providers: providers)
            let chat = try #require(providers[2] as? ZendeskChatProvider)
            #expect(counter.credentials("chat") == 2)
            // A re-connect is the SDK asking for a token again: while bob's token is fresh, the client's cache
            // answers (no request), never the token of the user before the switch.
            var connection = await chat.reauthenticate()
            #expect(connection.failure == nil)
            #expect(connection.visitor.isAuthenticated)
            #expect(connection.visitor.externalId == bob.userId)
            #expect(counter.credentials("chat") == 2)
            // A re-connect after the SDK refused the token (a bridge asks with CredentialSourceCall.afterRefusal):
            // getToken drops bob's cached token first, so the client asks the service; each such re-connect again.
            for expected in [3, 4] {
                connection = await CredentialSourceCall.$replacesRefused.withValue(true) { await chat.reauthenticate() }
                #expect(connection.failure == nil)
                #expect(connection.visitor.externalId == bob.userId)
                #expect(counter.credentials("chat") == expected)
            }
        }
    }

    @Test func afterASwitchHelpshiftsRefreshRequestIsAnsweredThroughTheClient() async throws {
        let live = try Live()
        try await live.serve { url, counter in
            let vendorClock = ManualClock(Date())
            let providers = try ClientLiveTests.providers(live, clock: vendorClock)
            let client = Live.client(url)
            try await client.switchUser(from: nil, to: ann, providers: providers)
            try await client.switchUser(from: ann, to: bob, providers: providers)
            let helpshift = try #require(providers[0] as? HelpshiftProvider)
            // The Identity System session nears its end: the SDK asks for fresh credentials, and the
            // refresher the switch installed logs bob in again with a new credential from the client.
            let recorder = try await ClientLiveTests.refreshNearExpiry(helpshift, clock: vendorClock)
            #expect(recorder.names.contains(.loginSucceeded), "\(recorder.names)")
            #expect(recorder.names.first == .credentialsRefreshRequested)
            #expect(helpshift.isSessionExpired == false)
            #expect(await ClientLiveTests.holds(bob, helpshift))
            #expect(counter.credentials("helpshift") == 3, "the refresh request drops bob's cached credential and fetches one")
        }
    }

    @Test func aCancelledCallerLeavesAtOnceWhileTheSharedFetchGoesOnForTheOthers() async throws {
        let clock = ManualClientClock(unixSeconds: 1_767_225_600)
        let service = FakeTokenService(clock: clock)
        service.hold()
        let client = CredentialClient.fake(service, clock: clock)
        let finished = Occurrence()
        let leaving = Task { () -> Result<Credential, IdentityError> in
            defer { finished.fire() }
            do throws(IdentityError) { return .success(try await client.credential(for: ann, from: chatRef)) } catch {
                return .failure(error)
            }
        }
        let staying = (0..<3).map { _ in Task { try await client.credential(for: ann, from: chatRef) } }
        // The shared fetch has reached the service, which holds it until released below: the callers that
        // are not parked on it yet join the same fetch whenever they run, so the order does not matter.
        await service.waitUntilHolding(1)
        leaving.cancel()
        // It leaves while the service still holds the one answer: the wait ends with the task (the test's time
        // limit fails a caller that never leaves).
        await finished.wait()
        #expect(finished.hasFired, "the cancelled caller was still waiting for the shared fetch")
        #expect(service.heldCount == 1)
        guard case .failure(let error) = await leaving.value else {
            Issue.record("the cancelled caller got a credential")
            service.release()
            return
        }
        #expect(error.code == .networkError)
        #expect(error.message.contains("cancelled by its caller"))
        #expect(error.provider == chatRef)
        service.release()
        for task in staying { #expect(try await task.value.jwt == service.issued.first) }
        #expect(service.requests == 1)
        #expect(client.cachedCount == 1)
    }

    @Test func whenEveryCallerIsCancelledTheFetchStillCompletesAndIsCached() async throws {
        let clock = ManualClientClock(unixSeconds: 1_767_225_600)
        let service = FakeTokenService(clock: clock)
        service.hold()
        let client = CredentialClient.fake(service, clock: clock)
        let finished = (0..<5).map { _ in Occurrence() }
        let callers = finished.map { flag in
            Task {
                defer { flag.fire() }
                return try await client.credential(for: ann, from: chatRef)
            }
        }
        await service.waitUntilHolding(1)
        for caller in callers { caller.cancel() }
        // Every caller leaves while the service still holds the answer (the test's time limit fails one that never does).
        for flag in finished { await flag.wait() }
        #expect(finished.allSatisfy { $0.hasFired }, "a cancelled caller was still waiting")
        #expect(service.heldCount == 1)
        service.release()
        for caller in callers { await #expect(throws: IdentityError.self) { try await caller.value } }
        await client.waitForPendingFetches()
        #expect(client.cachedCount == 1)
        #expect(try await client.credential(for: ann, from: chatRef).jwt == service.issued.first)
        #expect(service.requests == 1)
    }
}

/// A provider whose logout leaves the vendor SDK's session in place while `currentUser()` reports
/// nobody until the next login: the leak a switch must catch by looking at the vendor.
final class LeakyLogoutProvider: ForwardingProvider {
    let base: any IdentityProvider
    private let hidden = Mutex(false)
    init(_ base: any IdentityProvider) { self.base = base }

    func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        hidden.withLock { $0 = false }
        return try await base.login(user)
    }
    func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        hidden.withLock { $0 = false }
        return try await base.login(credential: credential)
    }
    func logout() async throws(IdentityError) {
        hidden.withLock { $0 = true }
    }
    func currentUser() async -> ProviderUser? { hidden.withLock { $0 } ? nil : await base.currentUser() }
}
