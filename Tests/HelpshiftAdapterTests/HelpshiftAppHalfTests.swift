import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing

/// The app half of Helpshift: a provider built from the SDK port and the app's SDK options, with no
/// secret; the login dictionaries and identities JWTs come from the backend's issuer.
@Suite("Helpshift's app half: a provider with no secret")
struct HelpshiftAppHalfTests {
    let clock = ManualClock(unixSeconds: HelpshiftFixture.start)
    let ann = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")

    @Test("logs in with the backend's login dictionary through its credential source; the SDK verifies the digest")
    func logsInThroughItsSource() async throws {
        let simulator = HelpshiftSimulator(
            configuration: .init(identityVerification: true, secrets: [Secret(HelpshiftFixture.secret)]), clock: clock)
        let helpshift = HelpshiftProvider(port: simulator, clock: clock)
        let recorder = EventRecorder()
        recorder.record(helpshift.eventHub)
        let backend = HelpshiftFixture.issuer(HelpshiftFixture.settings(), clock: clock)
        let asked = CallCounter()
        let ann = self.ann
        let session = try await helpshift.login(credentialSource: { () async throws(IdentityError) -> Credential in
            asked.increment()
            return try backend.issue(for: ann)
        })
        #expect(session.user.isAuthenticated && session.user.externalId == "u-1" && asked.value == 1)
        #expect(recorder.names.contains(.loginSucceeded))
        #expect(helpshift.backendIssuer == nil, "an app's provider holds no settings, so no secret")
        try await helpshift.logout()
    }

    @Test("has no secret: login(user) and addUserIdentities(_:) are unsupported_operation; a wrong digest stays the SDK's verdict")
    func refusesToSign() async throws {
        let simulator = HelpshiftSimulator(
            configuration: .init(identityVerification: true, secrets: [Secret(HelpshiftFixture.secret)], identityFeatureEnabled: true),
            clock: clock)
        let helpshift = HelpshiftProvider(port: simulator, identitySystem: false, clock: clock)
        #expect(helpshift.issuer is AppHalfIssuer)
        let login = await #expect(throws: IdentityError.self) { try await helpshift.login(ann) }
        #expect(login?.code == .unsupportedOperation && login?.provider == helpshift.reference)
        let identities = await #expect(throws: IdentityError.self) {
            try await helpshift.addUserIdentities([HelpshiftIdentity(identifier: "uid", value: "u-1")])
        }
        #expect(identities?.code == .unsupportedOperation && identities?.recovery?.contains("addUserIdentities(jwt:)") == true)
        let forged = Credential(fields: ["userId": "u-1", "userEmail": "ann@example.com", "userAuthToken": "00"])
        let refused = await #expect(throws: IdentityError.self) { try await helpshift.login(credential: forged) }
        #expect(refused?.code == .tokenInvalid)
    }
}
