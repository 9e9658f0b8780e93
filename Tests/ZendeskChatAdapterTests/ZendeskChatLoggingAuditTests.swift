import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Logging
import Synchronization
import Testing
import ZendeskChatAdapter

/// Audit: "If authentication fails the chat will proceed as an anonymous session, and an error
/// will be logged." (previously untested)
@Suite("Zendesk Chat audit: authentication failures are logged")
struct ZendeskChatLoggingAuditTests {
    @Test("a refused JWT logs an error, without the token or the secret")
    func failureIsLogged() async throws {
        let capture = LogCapture()
        let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock, logger: capture.logger)
        let forged = ZendeskChatFixture.token(ZendeskChatFixture.claims(), secret: ZendeskChatFixture.otherSecret)
        _ = await #expect(throws: IdentityError.self) { _ = try await provider.login(credential: .jwt(forged)) }
        #expect(capture.contains(.error, "authentication failed"))
        let logged = capture.messages.map(\.1)
        #expect(
            !logged.contains {
                $0.contains(forged) || $0.contains(ZendeskChatFixture.secret.revealed)
                    || $0.contains(ZendeskChatFixture.otherSecret.revealed)
            })
    }

    @Test("a successful login logs no error")
    func successIsNotLogged() async throws {
        let capture = LogCapture()
        let (provider, _, _) = try ZendeskChatFixture.provider(
            clock: ManualClock(unixSeconds: ZendeskChatFixture.start), logger: capture.logger)
        _ = try await provider.login(ZendeskChatFixture.ann)
        #expect(!capture.messages.contains { $0.0 == .error })
    }
}
