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
        var rs256 = Fixture.goodHeader
        rs256["alg"] = "RS256"
        var unknownKid = Fixture.goodHeader
        unknownKid["kid"] = "app_gone"
        var noKid = Fixture.goodHeader
        noKid["kid"] = nil
        var noScope = Fixture.claims()
        noScope["scope"] = nil
        var badScope = Fixture.claims()
        badScope["scope"] = "admin"
        var longId = Fixture.claims()
        longId["external_id"] = .string(String(repeating: "x", count: 256))
        var badName = Fixture.claims()
        badName["name"] = 5
        return [
            ("not a JWT", "not.a.jwt"),
            ("RS256", Fixture.forge(header: rs256, claims: Fixture.claims())),
            ("unknown kid", Fixture.forge(header: unknownKid, claims: Fixture.claims())),
            ("no kid", Fixture.forge(header: noKid, claims: Fixture.claims())),
            ("wrong secret", Fixture.forge(header: Fixture.goodHeader, claims: Fixture.claims(), secret: Fixture.secretB)),
            ("no scope", Fixture.forge(header: Fixture.goodHeader, claims: noScope)),
            ("scope admin", Fixture.forge(header: Fixture.goodHeader, claims: badScope)),
            ("external_id 256", Fixture.forge(header: Fixture.goodHeader, claims: longId)),
            ("name not a string", Fixture.forge(header: Fixture.goodHeader, claims: badName)),
            ("expired", Fixture.forge(header: Fixture.goodHeader, claims: Fixture.claims(exp: Fixture.start))),
        ]
    }()

    @Test("same uniform code, vendor code and a field from the verifier and the simulated SDK", arguments: 0..<tokens.count)
    func sameVendorCode(index: Int) async throws {
        let (label, token) = Self.tokens[index]
        let session = try Session()
        let verifyError = try #require(syncIdentityError { _ = try session.provider.messagingIssuer.verify(token, for: nil) }, "\(label)")
        let loginError = try #require(await identityError { _ = try await session.provider.login(credential: .jwt(token)) }, "\(label)")
        #expect(verifyError.code == loginError.code, "\(label)")
        #expect(verifyError.vendorCode != nil, "\(label)")
        #expect(verifyError.vendorCode == loginError.vendorCode, "\(label)")
        #expect(verifyError.field != nil, "\(label)")
        #expect(verifyError.recovery?.isEmpty == false, "\(label)")
    }
}
