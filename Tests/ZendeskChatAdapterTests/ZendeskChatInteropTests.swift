import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import JWTKit
import Testing
import ZendeskChatAdapter

@Suite("Zendesk Chat JWTs interoperate with jwt-kit")
struct ZendeskChatInteropTests {
    let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)

    func keys() async -> JWTKeyCollection { await jwtKitKeys(hs256: [("k1", ZendeskChatFixture.secret.revealedBytes)]) }

    @Test("a JWT minted here verifies with jwt-kit")
    func oursVerifyWithJWTKit() async throws {
        let user = UserIdentity(userId: "user-1", email: "zoe@example.com", name: "Zoë \"Q\" O'Neil 😀")
        let token = try #require(try ZendeskChatFixture.issuer(clock: clock).issue(for: user).jwt)
        let payload = try await keys().verify(token, as: ChatJWTPayload.self)
        #expect(
            payload
                == ChatJWTPayload(
                    name: user.name ?? "", email: "zoe@example.com", external_id: "user-1",
                    iat: Int(ZendeskChatFixture.start), exp: Int(ZendeskChatFixture.start + 300)))
    }

    @Test("a JWT minted with jwt-kit verifies here and logs in against the simulator")
    func jwtKitVerifiesHere() async throws {
        let payload = ChatJWTPayload(
            name: "Ann", email: "ann@example.com", external_id: "user-123456",
            iat: Int(ZendeskChatFixture.start), exp: Int(ZendeskChatFixture.start + 420))
        let token = try await keys().sign(payload, kid: JWKIdentifier(string: "k1"))
        let verified = try ZendeskChatFixture.issuer(clock: clock).verify(token, for: nil)
        #expect(verified.claims["external_id"] == "user-123456")
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        #expect(try await provider.login(credential: .jwt(token)).user.isAuthenticated)
    }

    @Test("a jwt-kit JWT with exp 421 seconds after iat is refused here")
    func jwtKitTooLong() async throws {
        let payload = ChatJWTPayload(
            name: "Ann", email: "ann@example.com", external_id: "user-123456",
            iat: Int(ZendeskChatFixture.start), exp: Int(ZendeskChatFixture.start + 421))
        let token = try await keys().sign(payload)
        let error = #expect(throws: IdentityError.self) { try ZendeskChatFixture.issuer(clock: clock).verify(token, for: nil) }
        #expect(error?.code == .tokenLifetimeTooLong)
    }
}
