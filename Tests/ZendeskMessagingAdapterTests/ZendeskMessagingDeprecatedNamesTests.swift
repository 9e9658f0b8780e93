import IdentityBridge
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging names before issue 22 still reach the same code")
struct ZendeskMessagingDeprecatedNamesTests {
    @available(*, deprecated, message: "Calls the deprecated names on purpose.")
    @Test("mintToken(for:) is mint(for:); verifyToken(_:) is verify(_:)")
    func forwarders() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(), clock: FixedClock(unixSeconds: ZendeskMessagingFixture.start))
        let token = try issuer.mintToken(for: UserIdentity(userId: "u-1"))
        #expect(try issuer.verifyToken(token) == issuer.verify(token))
        #expect(try issuer.verifyToken(issuer.mint(for: UserIdentity(userId: "u-1"))).externalId == "u-1")
    }
}
