import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

/// A port that holds `loginUser` until the test opens the gate, forwarding everything else.
final class GatedPort: ZendeskMessagingSDKPort {
    let inner: ZendeskMessagingSimulator
    let entered: AsyncStream<Void>
    private let enteredContinuation: AsyncStream<Void>.Continuation
    let gate: AsyncStream<Void>
    private let gateContinuation: AsyncStream<Void>.Continuation

    init(_ inner: ZendeskMessagingSimulator) {
        self.inner = inner
        (entered, enteredContinuation) = AsyncStream.makeStream()
        (gate, gateContinuation) = AsyncStream.makeStream()
    }

    func open() { gateContinuation.yield() }

    func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
        enteredContinuation.yield()
        for await _ in gate { break }
        return try await inner.loginUser(jwt: jwt)
    }
    func logoutUser() async throws(ZendeskMessagingSDKError) { try await inner.logoutUser() }
    func currentUser() async -> ZendeskMessagingUser? { await inner.currentUser() }
    func conversations() async throws(ZendeskMessagingSDKError) -> [ZendeskMessagingConversation] { try await inner.conversations() }
    func startConversation() async throws(ZendeskMessagingSDKError) -> ZendeskMessagingConversation { try await inner.startConversation() }
    func sendMessage(_ text: String, conversationId: String?) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingMessageReceipt {
        try await inner.sendMessage(text, conversationId: conversationId)
    }
    func addEventObserver(_ observer: @escaping @Sendable (ZendeskMessagingSDKEvent) -> Void) { inner.addEventObserver(observer) }
}

@Suite("Zendesk Messaging concurrent logins")
struct ZendeskMessagingConcurrencyTests {
    @Test("a login started while another is running fails with login_in_progress; the running one completes")
    func oneLoginAtATime() async throws {
        let clock = ManualClock(unixSeconds: Fixture.start)
        let simulator = ZendeskMessagingSimulator(signingKeys: ["app_A": Fixture.secretA], conversationMode: .single, clock: clock)
        let port = GatedPort(simulator)
        let provider = ZendeskMessagingProvider(issuer: Fixture.issuer(try Fixture.settings(), clock: clock), port: port, clock: clock)

        let first = Task { try await provider.login(UserIdentity(userId: "E")) }
        for await _ in port.entered { break }
        let error = await identityError { _ = try await provider.login(UserIdentity(userId: "F")) }
        #expect(error?.code == .loginInProgress)
        port.open()
        let session = try await first.value
        #expect(session.user.externalId == "E")
        #expect(await provider.currentUser()?.externalId == "E")
        // The guard is released: the next login runs.
        let next = Task { try await provider.login(UserIdentity(userId: "E")) }
        for await _ in port.entered { break }
        port.open()
        #expect(try await next.value.user.externalId == "E")
    }
}
