import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

/// The app half of Zendesk Chat: a provider built from what the app passes the Chat SDK (the account
/// key) and a credential source, with no issuer and no secret; the JWTs come from the backend's issuer.
@Suite("Zendesk Chat's app half: a provider with no secret")
struct ZendeskChatAppHalfTests {
    let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)

    /// A provider as an app builds it, over a fresh simulator.
    func appProvider() -> (ZendeskChatProvider, ZendeskChatSimulator, EventRecorder) {
        let simulator = ZendeskChatSimulator(
            accountKey: ZendeskChatFixture.accountKey, sharedSecret: ZendeskChatFixture.secret, clock: clock)
        let provider = ZendeskChatProvider(
            reference: ProviderReference(kind: .zendeskChat, name: "zendesk-chat"), accountKey: ZendeskChatFixture.accountKey.revealed,
            port: simulator, clock: clock)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)
        return (provider, simulator, recorder)
    }

    @Test("logs in with the backend's JWTs through its credential source, asking it again at every re-connect")
    func logsInThroughItsSource() async throws {
        let (provider, simulator, recorder) = appProvider()
        let backend = try ZendeskChatFixture.issuer(clock: clock)
        let asked = CallCounter()
        let session = try await provider.login(credentialSource: { () async throws(IdentityError) -> Credential in
            asked.increment()
            return try backend.issue(for: ZendeskChatFixture.ann)
        })
        #expect(session.user.isAuthenticated && session.user.email == "ann@example.com")
        #expect(recorder.names == [.loginSucceeded])
        let visitor = try #require(await provider.currentVisitor())
        #expect(simulator.boundExternalId(visitorId: visitor.visitorId) == ZendeskChatFixture.ann.userId)
        await provider.reauthenticate()
        #expect(asked.value == 2)
    }

    @Test("the SDK's own re-connect after the JWT's 7 minutes asks the credential source again and stays authenticated")
    func sdkReconnectGetsAFreshToken() async throws {
        let (provider, simulator, recorder) = appProvider()
        let backend = try ZendeskChatFixture.issuer(clock: clock)
        let asked = CallCounter()
        try await provider.login(credentialSource: { () async throws(IdentityError) -> Credential in
            asked.increment()
            return try backend.issue(for: ZendeskChatFixture.ann)
        })
        clock.advance(by: TimeInterval(ZendeskChatLimits.maxLifetime + 60))
        // The connection drops and comes back: the SDK asks its authenticator, not the provider.
        let connection = await simulator.reconnect()
        #expect(asked.value == 2, "the SDK's getToken reached the source")
        #expect(connection.failure == nil && connection.visitor.isAuthenticated)
        #expect(simulator.authenticationFailures.isEmpty)
        #expect(recorder.names == [.loginSucceeded])
        // After logout the SDK holds no identity: a re-connect is anonymous and asks nothing.
        try await provider.logout()
        #expect(await simulator.reconnect().visitor.isAuthenticated == false)
        #expect(asked.value == 2)
    }

    @Test("has no issuer: login(user), credential(for:) and verify are unsupported_operation saying where credentials come from")
    func refusesToIssue() async throws {
        let (provider, simulator, recorder) = appProvider()
        #expect(provider.issuer is AppHalfIssuer)
        let login = await #expect(throws: IdentityError.self) { try await provider.login(ZendeskChatFixture.ann) }
        #expect(login?.code == .unsupportedOperation && login?.provider == provider.reference)
        #expect(login?.message.contains("without a signing secret") == true)
        #expect(login?.recovery?.contains("login(credentialSource:)") == true)
        #expect(recorder.names == [.loginFailed])
        #expect(await simulator.currentVisitor() == nil, "nothing reached the SDK")
        #expect(throws: IdentityError.self) { try provider.credential(for: ZendeskChatFixture.ann) }
        let verify = #expect(throws: IdentityError.self) { try provider.issuer.verify("a.b.c", for: nil) }
        #expect(verify?.code == .unsupportedOperation)
    }
}
