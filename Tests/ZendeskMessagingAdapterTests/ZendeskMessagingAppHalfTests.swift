import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

/// The app half of Zendesk Messaging: a provider built from the SDK port and a credential source, with no
/// issuer and no signing key; the JWTs come from the backend's issuer.
@Suite("Zendesk Messaging's app half: a provider with no secret")
struct ZendeskMessagingAppHalfTests {
    let clock = ManualClock(unixSeconds: ZendeskMessagingFixture.start)

    /// A provider as an app builds it, over a fresh simulator, and the backend's issuer.
    func appProvider() throws -> (ZendeskMessagingProvider, ZendeskMessagingIssuer, EventRecorder) {
        let key = ZendeskMessagingFixture.keyA
        let simulator = ZendeskMessagingSimulator(signingKeys: [key.keyID: key.secret], conversationMode: .single, clock: clock)
        let provider = ZendeskMessagingProvider(port: simulator, clock: clock)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)
        return (provider, ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock), recorder)
    }

    @Test("logs in with the backend's JWT through its credential source, its expiry read without the signing code")
    func logsInThroughItsSource() async throws {
        let (provider, backend, recorder) = try appProvider()
        let asked = CallCounter()
        let session = try await provider.login(credentialSource: { () async throws(IdentityError) -> Credential in
            asked.increment()
            return try backend.issue(for: UserIdentity(userId: "u-1"))
        })
        #expect(session.user.isAuthenticated && recorder.names == [.loginSucceeded])
        #expect(session.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start + 3_600)))
        #expect(
            await provider.checkExpiry(of: try #require(try backend.issue(for: UserIdentity(userId: "u-1")).jwt))
                == .valid(secondsLeft: 3_600))
        #expect(asked.value == 1)
    }

    @Test("has no issuer: login(user) is unsupported_operation; the SDK's expiredJWT is the verdict on an expired JWT")
    func refusesToIssue() async throws {
        let (provider, _, recorder) = try appProvider()
        #expect(provider.issuer is AppHalfIssuer && provider.backendIssuer == nil)
        let login = await #expect(throws: IdentityError.self) { try await provider.login(UserIdentity(userId: "u-1")) }
        #expect(login?.code == .unsupportedOperation && login?.provider == provider.reference)
        let expired = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: ZendeskMessagingFixture.start - 1))
        let refused = await #expect(throws: IdentityError.self) { try await provider.login(credential: .jwt(expired)) }
        #expect(refused?.code == .tokenExpired && refused?.vendorCode == "expiredJWT")
        #expect(recorder.names.contains(.authenticationFailed))
    }
}
