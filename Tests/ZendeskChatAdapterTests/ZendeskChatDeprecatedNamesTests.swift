import IdentityBridge
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

@Suite("Zendesk Chat names before issue 22 still reach the same code")
struct ZendeskChatDeprecatedNamesTests {
    @available(*, deprecated, message: "Calls the deprecated names on purpose.")
    @Test("ZendeskChatTokenValidator.validate is verify(_:now:boundExternalId:), and agrees with ZendeskChatIssuer.verify(_:)")
    func forwarders() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: FixedClock(unixSeconds: ZendeskChatFixture.start))
        let token = try issuer.mint(for: ZendeskChatFixture.ann, issuedAt: ZendeskChatFixture.start)
        let validator = ZendeskChatTokenValidator(secret: ZendeskChatFixture.secret)
        let claims = try validator.validate(token, now: ZendeskChatFixture.start, boundExternalId: nil)
        #expect(claims == (try validator.verify(token, now: ZendeskChatFixture.start, boundExternalId: nil)))
        #expect(claims == (try issuer.verify(token)))
        #expect(claims.externalId == "user-123456")
    }
}
