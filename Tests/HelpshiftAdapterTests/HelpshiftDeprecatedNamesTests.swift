import HelpshiftAdapter
import IdentityBridge
import Testing

@Suite("Helpshift names before issue 22 still reach the same code")
struct HelpshiftDeprecatedNamesTests {
    @available(*, deprecated, message: "Calls the deprecated names on purpose.")
    @Test("HelpshiftCredentialIssuer is HelpshiftIssuer; userAuthToken(for:) is mint(for:)")
    func forwarders() throws {
        let issuer: HelpshiftCredentialIssuer = HelpshiftFixture.issuer(HelpshiftFixture.settings())
        let user = UserIdentity(userId: "u-1", email: "ann@example.com")
        #expect(try issuer.userAuthToken(for: user) == issuer.mint(for: user))
    }
}
