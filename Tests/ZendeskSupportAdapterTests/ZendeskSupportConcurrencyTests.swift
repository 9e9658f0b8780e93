import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

/// A port that holds `setIdentity` until the test opens the gate.
final class GatedSupportPort: ZendeskSupportSDKPort, ZendeskSupportJWTEndpointHost {
    let inner: ZendeskSupportSimulator
    let gate = CallGate()

    init(_ inner: ZendeskSupportSimulator) { self.inner = inner }

    func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser {
        await gate.pass()
        return try await inner.setIdentity(identity)
    }
    func registerJWTEndpoint(
        _ endpoint: @escaping @Sendable (_ formBody: String, _ contentType: String) async -> TokenExchangeEndpoint.Response
    ) { inner.registerJWTEndpoint(endpoint) }
    func clearIdentity() async { await inner.clearIdentity() }
    func sendMessage(_ text: String) async throws(IdentityError) -> Bool { try await inner.sendMessage(text) }
    func currentUser() async -> ProviderUser? { await inner.currentUser() }
}

@Suite("Zendesk Support concurrent logins")
struct ZendeskSupportConcurrencyTests {
    @Test("a login called while another is running waits its turn: the SDK sees one setIdentity at a time, in call order")
    func loginsWaitTheirTurn() async throws {
        let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)
        let simulator = ZendeskSupportSimulator(auth: .jwt, sharedSecret: ZendeskSupportFixture.secret, clock: clock)
        let port = GatedSupportPort(simulator)
        let provider = ZendeskSupportProvider(issuer: try ZendeskSupportFixture.issuer(clock: clock), port: port, clock: clock)
        let bob = UserIdentity(userId: "u-2", email: "bob@example.com", name: "Bob")

        let first = Task { try await provider.login(ZendeskSupportFixture.ann) }
        await port.gate.entered()
        let second = Task { try await provider.login(bob) }
        // Give the second login every chance to reach the SDK early: it must not.
        for _ in 0..<100 { await Task.yield() }
        #expect(port.gate.count == 1)
        port.gate.open()
        #expect(try await first.value.user.email == "ann@example.com")
        await port.gate.entered()
        #expect(port.gate.count == 2)
        port.gate.open()
        #expect(try await second.value.user.email == "bob@example.com")
        #expect(await provider.currentUser()?.email == "bob@example.com")
    }
}
