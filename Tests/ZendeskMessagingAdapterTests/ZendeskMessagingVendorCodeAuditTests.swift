import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

/// Audit: "every failure has uniform code + vendor code + field + message + recovery". The
/// verifier (`identityctl verify`) must name the same vendor failure the SDK reports for the
/// same token, not only for expiredJWT.
@Suite("Zendesk Messaging audit: verifier and SDK name the same vendor failure")
struct ZendeskMessagingVendorCodeAuditTests {
    static let tokens: [(label: String, token: String)] = {
        var rs256 = ZendeskMessagingFixture.goodHeader
        rs256["alg"] = "RS256"
        var unknownKid = ZendeskMessagingFixture.goodHeader
        unknownKid["kid"] = "app_gone"
        var noKid = ZendeskMessagingFixture.goodHeader
        noKid["kid"] = nil
        var noScope = ZendeskMessagingFixture.claims()
        noScope["scope"] = nil
        var badScope = ZendeskMessagingFixture.claims()
        badScope["scope"] = "admin"
        var longId = ZendeskMessagingFixture.claims()
        longId["external_id"] = .string(String(repeating: "x", count: 256))
        var badName = ZendeskMessagingFixture.claims()
        badName["name"] = 5
        return [
            ("not a JWT", "not.a.jwt"),
            ("RS256", ZendeskMessagingFixture.forge(header: rs256, claims: ZendeskMessagingFixture.claims())),
            ("unknown kid", ZendeskMessagingFixture.forge(header: unknownKid, claims: ZendeskMessagingFixture.claims())),
            ("no kid", ZendeskMessagingFixture.forge(header: noKid, claims: ZendeskMessagingFixture.claims())),
            (
                "wrong secret",
                ZendeskMessagingFixture.forge(
                    header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(),
                    secret: ZendeskMessagingFixture.secretB)
            ),
            ("no scope", ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: noScope)),
            ("scope admin", ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: badScope)),
            ("external_id 256", ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: longId)),
            ("name not a string", ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: badName)),
            (
                "expired",
                ZendeskMessagingFixture.forge(
                    header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: ZendeskMessagingFixture.start))
            ),
        ]
    }()

    @Test("same uniform code, vendor code and a field from the verifier and the simulated SDK", arguments: 0..<tokens.count)
    func sameVendorCode(index: Int) async throws {
        let (label, token) = Self.tokens[index]
        let session = try Session()
        let verifyError = try #require(syncIdentityError { _ = try session.provider.issuer.verify(token, for: nil) }, "\(label)")
        let loginError = try #require(await identityError { _ = try await session.provider.login(credential: .jwt(token)) }, "\(label)")
        #expect(verifyError.code == loginError.code, "\(label)")
        #expect(verifyError.vendorCode != nil, "\(label)")
        #expect(verifyError.vendorCode == loginError.vendorCode, "\(label)")
        #expect(verifyError.field != nil, "\(label)")
        #expect(verifyError.recovery?.isEmpty == false, "\(label)")
    }
}
