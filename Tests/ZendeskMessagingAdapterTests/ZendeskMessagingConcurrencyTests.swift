import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

/// A port that holds `loginUser` until the test opens the gate, forwarding everything else.
final class GatedPort: ZendeskMessagingSDKPort {
    let inner: ZendeskMessagingSimulator
    let gate = CallGate()

    init(_ inner: ZendeskMessagingSimulator) { self.inner = inner }

    func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
        await gate.pass()
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
    @Test("a login called while another is running waits its turn: the SDK sees one loginUser at a time, in call order")
    func loginsWaitTheirTurn() async throws {
        let clock = ManualClock(unixSeconds: ZendeskMessagingFixture.start)
        let simulator = ZendeskMessagingSimulator(
            signingKeys: ["app_A": ZendeskMessagingFixture.secretA], conversationMode: .single, clock: clock)
        let port = GatedPort(simulator)
        let provider = ZendeskMessagingProvider(
            issuer: ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock), port: port, clock: clock)

        let first = Task { try await provider.login(UserIdentity(userId: "E")) }
        await port.gate.entered()
        let second = Task { try await provider.login(UserIdentity(userId: "F")) }
        // Give the second login every chance to reach the SDK early: it must not.
        for _ in 0..<100 { await Task.yield() }
        #expect(port.gate.count == 1)
        port.gate.open()
        #expect(try await first.value.user.externalId == "E")
        await port.gate.entered()
        #expect(port.gate.count == 2)
        port.gate.open()
        #expect(try await second.value.user.externalId == "F")
        #expect(await provider.currentUser()?.externalId == "F")
    }
}
