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

@Suite("Helpshift concurrent logins (vendor-notes: LoginInProgress)")
struct HelpshiftConcurrencyTests {
    @Test("a login called while another is running fails at once with login_in_progress (LoginInProgress); the running one completes")
    func oneLoginAtATime() async throws {
        let clock = ManualClock(unixSeconds: HelpshiftFixture.start)
        let simulator = HelpshiftSimulator(configuration: .init(secrets: [Secret(HelpshiftFixture.secret)]), clock: clock)
        let port = GatedHelpshiftPort(simulator)
        let provider = HelpshiftProvider(
            settings: HelpshiftFixture.settings(verification: false), reference: HelpshiftFixture.reference, port: port, clock: clock)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)

        let first = Task { try await provider.login(UserIdentity(userId: "u-1")) }
        await port.gate.entered()
        let error = await HelpshiftFixture.asyncError { try await provider.login(UserIdentity(userId: "u-2")) }
        #expect(error?.code == .loginInProgress)
        #expect(error?.vendorCode == "LoginInProgress")
        #expect(recorder.names.contains(.loginFailed))
        port.gate.open()
        #expect(try await first.value.user.externalId == "u-1")
        #expect(await provider.currentUser()?.externalId == "u-1")
        // The guard is released: the next login runs.
        let next = Task { try await provider.login(UserIdentity(userId: "u-2")) }
        await port.gate.entered()
        port.gate.open()
        #expect(try await next.value.user.externalId == "u-2")
    }
}
