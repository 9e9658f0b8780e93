import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeTestSupport
import JWTKit
import Testing

struct IdentitiesPayload: JWTPayload, Equatable {
    struct Entry: Codable, Equatable {
        var identifier: String
        var value: String
        var metadata: [String: String]?
    }
    var identities: [Entry]
    var iat: Int?
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

@Suite("Helpshift Identity System JWT (helpshift-events.txt limits, vendor-notes)")
struct IdentityTokenTests {
    typealias F = HelpshiftFixture
    let issuer = HelpshiftFixture.issuer(HelpshiftFixture.settings(identitySystem: true))

    func token(_ identities: [HelpshiftIdentity]) throws(IdentityError) -> String { try issuer.identityToken(for: identities) }

    @Test("the identities JWT is HS256 with an identities array and a mandatory iat; jwt-kit verifies it")
    func jwtKitVerifiesOurs() async throws {
        let jwt = try token([
            HelpshiftIdentity(identifier: "uid", value: "u-1", metadata: ["level": "7"]),
            .init(identifier: "email", value: "ann@example.com"),
        ])
        let keys = await jwtKitKeys(hs256: Array(HelpshiftFixture.identitySecret.utf8))
        let payload = try await keys.verify(jwt, as: IdentitiesPayload.self)
        #expect(payload.iat == Int(HelpshiftFixture.start))
        #expect(
            payload.identities == [
                .init(identifier: "uid", value: "u-1", metadata: ["level": "7"]),
                .init(identifier: "email", value: "ann@example.com", metadata: nil),
            ])
        let decoded = try DecodedJWT.decode(jwt)
        #expect(decoded.algorithm == "HS256")
    }

    @Test("a jwt-kit identities JWT verifies with the issuer; a missing iat is IatIsMandatory")
    func oursVerifyJWTKit() async throws {
        let keys = await jwtKitKeys(hs256: Array(HelpshiftFixture.identitySecret.utf8))
        let good = try await keys.sign(
            IdentitiesPayload(identities: [.init(identifier: "uid", value: "u-9", metadata: nil)], iat: Int(HelpshiftFixture.start - 60)))
        let verified = try issuer.verify(good, for: nil)
        #expect(verified.claims["iat"] == .int(HelpshiftFixture.start - 60))
        let noIat = try await keys.sign(IdentitiesPayload(identities: [.init(identifier: "uid", value: "u-9", metadata: nil)], iat: nil))
        let error = F.error { try issuer.verify(noIat, for: nil) }
        #expect(error?.code == .claimMissing)
        #expect(error?.vendorCode == "IatIsMandatory")
    }

    @Test("iat: null is IatIsMandatory (claim_missing), as a login says; an iat in 2149 is token_not_yet_valid, not valid for ever")
    func iatNullAndFuture() throws {
        let signer = HS256Signer(secret: Secret(HelpshiftFixture.identitySecret))
        let identities: JSONValue = [["identifier": "uid", "value": "u-1"]]
        let null = F.error { try issuer.verify(signer.sign(claims: ["identities": identities, "iat": .null]), for: nil) }
        #expect(null?.code == .claimMissing)
        #expect(null?.vendorCode == "IatIsMandatory")
        let in2149 = F.error { try issuer.verify(signer.sign(claims: ["identities": identities, "iat": 5_711_817_600]), for: nil) }
        #expect(in2149?.code == .tokenNotYetValid)
        #expect(in2149?.vendorCode == "IdentityTokenInvalid")
        #expect(in2149?.field == "iat")
        let skewed = HelpshiftFixture.start + JWTFreshness.defaultClockSkew
        #expect(throws: Never.self) { try issuer.verify(signer.sign(claims: ["identities": identities, "iat": .int(skewed)]), for: nil) }
        let beyond = F.error { try issuer.verify(signer.sign(claims: ["identities": identities, "iat": .int(skewed + 1)]), for: nil) }
        #expect(beyond?.code == .tokenNotYetValid)
    }

    @Test("full_privacy: the credential carries neither userEmail nor userName, and the identities JWT no email identity")
    func fullPrivacyCredential() throws {
        let user = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")
        let open = try HelpshiftFixture.issuer(HelpshiftFixture.settings(identitySystem: true)).issue(for: user)
        #expect(open["userEmail"] == "ann@example.com" && open["userName"] == "Ann")
        let privateIssuer = HelpshiftFixture.issuer(HelpshiftFixture.settings(fullPrivacy: true, identitySystem: true))
        let credential = try privateIssuer.issue(for: user)
        #expect(Set(credential.fields.keys) == ["userId", "userAuthToken", "jwt"])
        let identities = try DecodedJWT.decode(credential.jwt ?? "").claim("identities")?.arrayValue ?? []
        #expect(identities.map { $0["identifier"] } == ["uid"])
    }

    @Test("\"iat is mandatory and must be less than 24 hours old\"")
    func iatAge() throws {
        let jwt = try token([.init(identifier: "uid", value: "u-1")])
        let later = HelpshiftFixture.issuer(issuer.settings, clock: FixedClock(unixSeconds: HelpshiftFixture.start + 86_399))
        #expect(throws: Never.self) { try later.verify(jwt, for: nil) }
        let stale = HelpshiftFixture.issuer(issuer.settings, clock: FixedClock(unixSeconds: HelpshiftFixture.start + 86_400))
        let error = F.error { try stale.verify(jwt, for: nil) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "IdentityTokenInvalid")
    }

    @Test("IdentityTokenInvalid: not a JWT, wrong secret, alg none")
    func invalidToken() throws {
        #expect(F.error { try issuer.verify("a.b.c", for: nil) }?.vendorCode == "IdentityTokenInvalid")
        let other = HelpshiftIssuer(
            settings: HelpshiftSettings(
                secret: Secret("x"), identitySystem: true, identitySecret: Secret("another-identity-secret-0123456789abc")),
            provider: HelpshiftFixture.reference, clock: FixedClock(unixSeconds: HelpshiftFixture.start))
        let foreign = try other.identityToken(for: [.init(identifier: "uid", value: "u-1")])
        let error = F.error { try issuer.verify(foreign, for: nil) }
        #expect(error?.code == .tokenInvalid)
        #expect(error?.vendorCode == "IdentityTokenInvalid")
        let none =
            Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + Base64URL.encode(Array(#"{"identities":[],"iat":1}"#.utf8)) + "."
        #expect(F.error { try issuer.verify(none, for: nil) }?.code == .algorithmNotAllowed)
    }

    @Test("\"Key length - Max 255 chars\" -> HelpshiftKeyLengthLimitExceeded")
    func keyLength() {
        let error = F.error {
            try token([.init(identifier: "uid", value: "u"), .init(identifier: String(repeating: "k", count: 256), value: "v")])
        }
        #expect(error?.vendorCode == "HelpshiftKeyLengthLimitExceeded")
        #expect(error?.code == .valueTooLong)
        #expect(error?.field == "identities[1].identifier")
    }

    @Test(
        "\"Value length for any identity (except uid) - Max 300 chars\"; \"uid identity - Max 750 chars\" -> HelpshiftValueLengthLimitExceeded"
    )
    func valueLength() throws {
        _ = try token([
            .init(identifier: "uid", value: String(repeating: "u", count: 750)),
            .init(identifier: "phone_number", value: String(repeating: "1", count: 300)),
        ])
        let uid = F.error { try token([.init(identifier: "uid", value: String(repeating: "u", count: 751))]) }
        #expect(uid?.vendorCode == "HelpshiftValueLengthLimitExceeded")
        #expect(uid?.field == "identities[0].value")
        let email = F.error { try token([.init(identifier: "email", value: String(repeating: "e", count: 301))]) }
        #expect(email?.vendorCode == "HelpshiftValueLengthLimitExceeded")
    }

    @Test("\"Ensure key or value is a valid non-empty value\" -> HelpshiftEmptyData")
    func emptyData() {
        let value = F.error { try token([.init(identifier: "uid", value: "  ")]) }
        #expect(value?.vendorCode == "HelpshiftEmptyData")
        #expect(value?.code == .claimInvalid)
        let key = F.error { try token([.init(identifier: "uid", value: "u"), .init(identifier: "", value: "x")]) }
        #expect(key?.vendorCode == "HelpshiftEmptyData")
    }

    @Test("metadata: count (30), key length (255), value length (300), empty key or value")
    func metadataLimits() throws {
        let many = Dictionary(uniqueKeysWithValues: (0...30).map { ("k\($0)", "v") })
        #expect(
            F.error { try token([.init(identifier: "uid", value: "u", metadata: many)]) }?.vendorCode
                == "HelpshiftMetadataCountLimitExceeded")
        #expect(F.error { try token([.init(identifier: "uid", value: "u", metadata: many)]) }?.code == .limitExceeded)
        let thirty = Dictionary(uniqueKeysWithValues: (0..<30).map { ("k\($0)", "v") })
        _ = try token([.init(identifier: "uid", value: "u", metadata: thirty)])
        #expect(
            F.error { try token([.init(identifier: "uid", value: "u", metadata: [String(repeating: "k", count: 256): "v"])]) }?.vendorCode
                == "HelpshiftMetadataKeyLengthLimitExceeded")
        #expect(
            F.error { try token([.init(identifier: "uid", value: "u", metadata: ["k": String(repeating: "v", count: 301)])]) }?.vendorCode
                == "HelpshiftMetadataValueLengthLimitExceeded")
        #expect(
            F.error { try token([.init(identifier: "uid", value: "u", metadata: ["k": ""])]) }?.vendorCode
                == "HelpshiftMetadataEmptyKeyOrValue")
        #expect(
            F.error { try token([.init(identifier: "uid", value: "u", metadata: ["": "v"])]) }?.vendorCode
                == "HelpshiftMetadataEmptyKeyOrValue")
    }

    @Test("\"Collection size - Max 30 entries\" -> IdentitiesSizeLimitExceeded")
    func identitiesCount() throws {
        let thirtyOne =
            [HelpshiftIdentity(identifier: "uid", value: "u")] + (0..<30).map { HelpshiftIdentity(identifier: "steam_id", value: "s\($0)") }
        let error = F.error { try token(thirtyOne) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.vendorCode == "IdentitiesSizeLimitExceeded")
        _ = try token(Array(thirtyOne.prefix(30)))
    }

    @Test("identifier names from vendor-notes; an unknown one is invalid_identifier")
    func identifierNames() throws {
        for name in HelpshiftIdentity.knownIdentifiers {
            _ = try token(
                [.init(identifier: "uid", value: "u"), .init(identifier: name, value: "v")].filter { name != "uid" || $0.value == "u" })
        }
        let error = F.error { try token([.init(identifier: "uid", value: "u"), .init(identifier: "myspace_id", value: "v")]) }
        #expect(error?.code == .invalidIdentifier)
    }

    @Test("\"With full privacy off, either uid or email is mandatory\" -> UidOrEmailIsMandatory")
    func uidOrEmail() throws {
        let error = F.error { try token([.init(identifier: "phone_number", value: "+100")]) }
        #expect(error?.code == .missingIdentifier)
        #expect(error?.vendorCode == "UidOrEmailIsMandatory")
        let privateIssuer = HelpshiftFixture.issuer(HelpshiftFixture.settings(fullPrivacy: true, identitySystem: true))
        _ = try privateIssuer.identityToken(for: [.init(identifier: "phone_number", value: "+100")])
        _ = try issuer.identityToken(for: [.init(identifier: "phone_number", value: "+100")], forLogin: false)
    }

    @Test("identity system off: identities JWT is identity_feature_disabled")
    func featureOff() {
        let off = HelpshiftFixture.issuer(HelpshiftFixture.settings())
        #expect(F.error { try off.identityToken(for: [.init(identifier: "uid", value: "u")]) }?.code == .identityFeatureDisabled)
    }

    @Test("issue(for:) with the Identity System adds the jwt field built from uid, email and identifier metadata")
    func credentialWithJWT() throws {
        let credential = try issuer.issue(
            for: UserIdentity(userId: "u-1", email: "ann@example.com", metadata: ["phone_number": "+1", "color": "red"]))
        let jwt = try #require(credential.jwt)
        let claims = try issuer.verify(jwt, for: nil).claims
        let identifiers = claims["identities"]?.arrayValue?.compactMap { $0["identifier"]?.stringValue }
        #expect(identifiers == ["uid", "email", "phone_number"])
        #expect(credential["userAuthToken"] != nil)
    }

    @Test("malformed identities claim -> claim_invalid naming the field")
    func malformedIdentities() {
        let signer = HS256Signer(secret: Secret(HelpshiftFixture.identitySecret))
        let jwt = signer.sign(claims: ["identities": ["uid"], "iat": .int(HelpshiftFixture.start)])
        let error = F.error { try issuer.verify(jwt, for: nil) }
        #expect(error?.code == .claimInvalid)
        #expect(error?.field == "identities[0]")
    }
}
