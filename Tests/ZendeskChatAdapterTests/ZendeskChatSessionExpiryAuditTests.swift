import Foundation
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

/// Audit: the session a Chat login returns must expire when its JWT does
/// ("exp ... indicates when this JWT token will expire"), not after the configured lifetime.
@Suite("Zendesk Chat audit: session expiry follows the JWT")
struct ZendeskChatSessionExpiryAuditTests {
    @Test("login(credential:) with a JWT expiring in 60 s: the session expires at that exp, not now + token_lifetime")
    func credentialExpiry() async throws {
        let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let token = ZendeskChatFixture.token(
            ZendeskChatFixture.claims(iat: ZendeskChatFixture.start - 30, exp: ZendeskChatFixture.start + 60))
        let session = try await provider.login(credential: .jwt(token))
        #expect(session.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskChatFixture.start + 60)))
    }

    @Test("a JWT without exp: the session expires at iat + 7 minutes, as the backend treats it")
    func credentialWithoutExp() async throws {
        let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: ZendeskChatFixture.start - 100, exp: nil))
        let session = try await provider.login(credential: .jwt(token))
        #expect(
            session.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskChatFixture.start - 100 + ZendeskChatLimits.maxLifetime)))
    }

    @Test("login(user) still expires after the configured token_lifetime")
    func userExpiry() async throws {
        let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let session = try await provider.login(ZendeskChatFixture.ann)
        #expect(
            session.expiresAt
                == Date(timeIntervalSince1970: TimeInterval(ZendeskChatFixture.start + ZendeskChatLimits.defaultTokenLifetime)))
    }
}
