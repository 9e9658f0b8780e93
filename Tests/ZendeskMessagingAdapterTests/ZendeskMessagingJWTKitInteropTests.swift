import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import JWTKit
import Testing
import ZendeskMessagingAdapter

/// The Zendesk Messaging payload as jwt-kit sees it.
struct MessagingPayload: JWTPayload, Equatable {
    var scope: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var external_id: String
    var name: String?
    var email: String?
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var email_verified: Bool?
    var exp: Int?
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

@Suite("Zendesk Messaging JWTs interoperate with jwt-kit")
struct ZendeskMessagingJWTKitInteropTests {
    let clock = FixedClock(unixSeconds: ZendeskMessagingFixture.start)

    func keys() async -> JWTKeyCollection {
        await jwtKitKeys(hs256: [
            ("app_A", ZendeskMessagingFixture.secretA.revealedBytes), ("app_B", ZendeskMessagingFixture.secretB.revealedBytes),
        ])
    }

    @Test("a token we issue verifies with jwt-kit, which picks the key by our kid")
    func oursVerifyWithJWTKit() async throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB], active: "app_B"),
            clock: clock)
        let name = "Zoë \"Q\" O'Neil 😀"
        let token = try #require(
            try issuer.issue(
                for: UserIdentity(
                    userId: "u-1", email: "zoe@example.com", name: name,
                    metadata: ["email_verified": "true"])
            ).jwt)
        let payload = try await keys().verify(token, as: MessagingPayload.self)
        #expect(
            payload
                == MessagingPayload(
                    scope: "user", external_id: "u-1", name: name, email: "zoe@example.com",
                    email_verified: true, exp: Int(ZendeskMessagingFixture.start + 3_600)))
        // Signed with app_B's secret: a collection holding only app_A under that kid refuses it.
        let wrong = await jwtKitKeys(hs256: ZendeskMessagingFixture.secretA.revealedBytes, kid: "app_B")
        await #expect(throws: (any Error).self) { try await wrong.verify(token, as: MessagingPayload.self) }
    }

    @Test("a token jwt-kit signs with kid verifies with our issuer and logs in at the simulator")
    func jwtKitVerifiesWithOurs() async throws {
        let payload = MessagingPayload(
            scope: "user", external_id: "u-2", name: "Ann", email: "ann@example.com",
            email_verified: false, exp: Int(ZendeskMessagingFixture.start + 600))
        let token = try await keys().sign(payload, kid: JWKIdentifier(string: "app_A"))
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB]), clock: clock)
        let verified = try issuer.verify(token, for: nil)
        #expect(verified.keyID == "app_A")
        #expect(verified.claims["external_id"] == "u-2")
        #expect(verified.claims["email_verified"] == false)

        let session = try Session(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB])
        let result = try await session.provider.login(credential: .jwt(token))
        #expect(result.user.externalId == "u-2")
        #expect(result.user.name == "Ann")

        let unsignedKid = try await keys().sign(payload, kid: JWKIdentifier(string: "app_B"))
        let rotated = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA]), clock: clock)
        #expect(syncIdentityError { _ = try rotated.verify(unsignedKid, for: nil) }?.code == .keyUnknown)
    }

    @Test("a jwt-kit token without kid is key_unknown; one without scope is claim_missing")
    func jwtKitNegative() async throws {
        struct NoScope: JWTPayload {
            // swift-format-ignore: AlwaysUseLowerCamelCase
            var external_id: String
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }
        let plain = await jwtKitKeys(hs256: ZendeskMessagingFixture.secretA.revealedBytes)
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock)
        let noKid = try await plain.sign(MessagingPayload(scope: "user", external_id: "u", exp: nil))
        #expect(syncIdentityError { _ = try issuer.verify(noKid, for: nil) }?.code == .keyUnknown)
        let noScope = try await keys().sign(NoScope(external_id: "u"), kid: JWKIdentifier(string: "app_A"))
        #expect(syncIdentityError { _ = try issuer.verify(noScope, for: nil) }?.code == .claimMissing)
    }
}
