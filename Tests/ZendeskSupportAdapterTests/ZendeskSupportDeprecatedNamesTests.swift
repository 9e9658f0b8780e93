import IdentityBridge
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

@Suite("Zendesk Support names before issue 22 still reach the same code")
struct ZendeskSupportDeprecatedNamesTests {
    @available(*, deprecated, message: "Calls the deprecated names on purpose.")
    @Test("mintJWT(for:) is mint(for:); verifyJWTClaims(_:) is verify(_:)")
    func forwarders() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: FixedClock(unixSeconds: ZendeskSupportFixture.start))
        let contents = ZendeskSupportUserToken(
            userId: "u-1", name: "Ann", email: "ann@example.com", issuedAt: ZendeskSupportFixture.start,
            expiresAt: ZendeskSupportFixture.start + 600)
        let token = try issuer.mintJWT(for: contents)
        #expect(try issuer.verifyJWTClaims(token) == issuer.verify(token))
        #expect(try issuer.verifyJWTClaims(issuer.mint(for: contents)).externalId == "u-1")
    }
}
