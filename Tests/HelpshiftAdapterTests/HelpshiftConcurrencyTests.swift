import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeTesting
import Testing

/// A port that holds `login` until the test opens the gate, forwarding everything else.
final class GatedHelpshiftPort: HelpshiftSDKPort {
    let inner: HelpshiftSimulator
    let gate = CallGate()

    init(_ inner: HelpshiftSimulator) { self.inner = inner }

    func login(_ userData: [String: String]) async -> Bool {
        await gate.pass()
        return await inner.login(userData)
    }
    func setDelegate(_ delegate: HelpshiftDelegate?) { inner.setDelegate(delegate) }
    func logout() async { await inner.logout() }
    func clearAnonymousUserOnLogin(_ shouldClear: Bool) async { await inner.clearAnonymousUserOnLogin(shouldClear) }
    func loginWithIdentity(_ jwt: String, config: [String: JSONValue]) async -> HelpshiftIdentityLoginResult {
        await inner.loginWithIdentity(jwt, config: config)
    }
    func addUserIdentities(_ jwt: String) async { await inner.addUserIdentities(jwt) }
    func updateAppAttributes(_ attributes: [String: JSONValue]) async { await inner.updateAppAttributes(attributes) }
    func updateMasterAttributes(_ attributes: [String: JSONValue]) async { await inner.updateMasterAttributes(attributes) }
    func requestUnreadMessageCount(fromServer: Bool) async { await inner.requestUnreadMessageCount(fromServer: fromServer) }
    func appDidEnterForeground() async { await inner.appDidEnterForeground() }
    func sendMessage(_ text: String) async -> HelpshiftSendResult { await inner.sendMessage(text) }
    func currentUser() async -> HelpshiftPortUser? { await inner.currentUser() }
}

@Suite("Helpshift concurrent logins")
struct HelpshiftConcurrencyTests {
    @Test("a login called while another is running waits its turn: the SDK never sees two logins (it would answer LoginInProgress)")
    func loginsWaitTheirTurn() async throws {
        let clock = ManualClock(unixSeconds: HelpshiftFixture.start)
        let simulator = HelpshiftSimulator(configuration: .init(secrets: [Secret(HelpshiftFixture.secret)]), clock: clock)
        let port = GatedHelpshiftPort(simulator)
        let provider = HelpshiftProvider(
            issuer: HelpshiftFixture.issuer(HelpshiftFixture.settings(verification: false), clock: clock), port: port, clock: clock)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)

        let first = Task { try await provider.login(UserIdentity(userId: "u-1")) }
        await port.gate.entered()
        let second = Task { try await provider.login(UserIdentity(userId: "u-2")) }
        // Give the second login every chance to reach the SDK early: it must not.
        for _ in 0..<100 { await Task.yield() }
        #expect(port.gate.count == 1)
        port.gate.open()
        #expect(try await first.value.user.externalId == "u-1")
        await port.gate.entered()
        #expect(port.gate.count == 2)
        port.gate.open()
        #expect(try await second.value.user.externalId == "u-2")
        #expect(await provider.currentUser()?.externalId == "u-2")
        #expect(!recorder.names.contains(.loginFailed))
    }
}
