import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// vendor-notes.md, Helpshift Identity System: "`iat` is mandatory and must be less than 24 hours
/// old; a JWT must not be cached longer than that."
@Suite("Helpshift Identity System: the identities JWT expires 24 hours after its iat")
struct IdentityTokenExpiryTests {
    typealias F = HelpshiftFixture
    static let on = ["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"]
    static let user = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")

    static func identitiesJWT(iat: JSONValue, secret: String = F.identitySecret) -> String {
        HS256Signer(secret: Secret(secret)).sign(claims: ["identities": .array([["identifier": "uid", "value": "u-1"]]), "iat": iat])
    }

    // MARK: issuing

    @Test("\"a JWT must not be cached longer than that\": the issued credential expires at iat + 24 h")
    func issuedCredentialExpiresWithTheJWT() throws {
        let issuer = F.issuer(F.settings(identitySystem: true))
        let credential = try issuer.issue(for: Self.user)
        let jwt = try #require(credential.jwt)
        let iat = try #require(try DecodedJWT.decode(jwt).claims["iat"]?.intValue)
        #expect(iat == F.start)
        let expiresAt = try #require(credential.expiresAt)
        #expect(expiresAt == Date(timeIntervalSince1970: TimeInterval(iat + HelpshiftLimits.identityTokenMaxAge)))
        #expect(expiresAt.timeIntervalSince1970 - TimeInterval(F.start) == 86_400)
    }

    @Test("the legacy login dictionary (userAuthToken digest, no iat) has no expiry")
    func legacyCredentialHasNoExpiry() throws {
        let credential = try F.issuer(F.settings()).issue(for: Self.user)
        #expect(credential.jwt == nil)
        #expect(credential.expiresAt == nil)
    }

    @Test("iat + 24 h saturates for a clock at the end of the Int64 range instead of trapping")
    func expirySaturates() throws {
        let clock = FixedClock(unixSeconds: .max)
        let credential = try F.issuer(F.settings(identitySystem: true), clock: clock).issue(for: Self.user)
        #expect(credential.expiresAt == Date(timeIntervalSince1970: TimeInterval(Int64.max)))
    }

    // MARK: the SDK's IdentityTokenInvalid, explained by the JWT's iat

    @Test("IdentityTokenInvalid for an iat 24 hours old is token_expired (vendor code stays IdentityTokenInvalid)")
    func expiredCredentialIsTokenExpired() async throws {
        let h = try F.harness(Self.on)
        let credential = try h.provider.credential(for: Self.user)
        let expiresAt = try #require(credential.expiresAt)
        // "must be less than 24 hours old": one second before expiresAt the SDK still accepts it.
        h.clock.set(expiresAt.addingTimeInterval(-1))
        _ = try await h.provider.login(credential: credential)
        try await h.provider.logout()
        h.clock.set(expiresAt)
        let error = await F.asyncError { try await h.provider.login(credential: credential) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "IdentityTokenInvalid")
        #expect(error?.field == "iat")
        #expect(error?.provider == F.reference)
        #expect(h.recorder.events.last?.name == .loginFailed)
        #expect(h.recorder.events.last?.error?.code == .tokenExpired)
        #expect(await h.provider.currentUser()?.isAnonymous ?? true)
        // A fresh credential logs the user in again.
        let session = try await h.provider.login(Self.user)
        #expect(session.user.externalId == "u-1")
    }

    @Test("an iat far in the past (Int64.min) is token_expired, not an overflow")
    func hugeAgeIsTokenExpired() async throws {
        let h = try F.harness(Self.on)
        let error = await F.asyncError { try await h.provider.login(identitiesJWT: Self.identitiesJWT(iat: .int(.min))) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "IdentityTokenInvalid")
    }

    @Test("IdentityTokenInvalid for an iat that is not an integer is claim_invalid on iat (HelpshiftAdapter.md taxonomy row)")
    func nonIntegerIatIsClaimInvalid() async throws {
        for iat: JSONValue in [.string("1767225600"), .double(1.5), .bool(true)] {
            let h = try F.harness(Self.on)
            let error = await F.asyncError { try await h.provider.login(identitiesJWT: Self.identitiesJWT(iat: iat)) }
            #expect(error?.code == .claimInvalid, "\(iat)")
            #expect(error?.field == "iat")
            #expect(error?.vendorCode == "IdentityTokenInvalid")
        }
    }

    @Test("IdentityTokenInvalid stays token_invalid for a bad format or a foreign signature, even with an old iat")
    func otherInvalidTokensStayTokenInvalid() async throws {
        let h = try F.harness(Self.on)
        let foreignOld = Self.identitiesJWT(iat: .int(F.start - 2 * 86_400), secret: "another-identity-secret-0123456789abcdef")
        for jwt in ["not-a-jwt", "a.b.c", foreignOld] {
            let error = await F.asyncError { try await h.provider.login(identitiesJWT: jwt) }
            #expect(error?.code == .tokenInvalid, "\(jwt.prefix(12))")
            #expect(error?.vendorCode == "IdentityTokenInvalid")
        }
    }

    @Test("the login failure message names the vendor reason and the age, never the secret")
    func messageIsSafe() async throws {
        let h = try F.harness(Self.on)
        let error = await F.asyncError { try await h.provider.login(identitiesJWT: Self.identitiesJWT(iat: .int(F.start - 90_000))) }
        let text = try #require(error?.message)
        #expect(text.contains("IdentityTokenInvalid"))
        #expect(text.contains("90000"))
        #expect(!text.contains(F.identitySecret))
    }

    // MARK: the simulator's session arithmetic

    @Test("simulator: now + session lifetime saturates for a huge clock (no trap); the session does not expire early")
    func simulatorSessionSaturates() async throws {
        let h = try F.harness(Self.on, factory: HelpshiftSimulatorFactory(sessionLifetime: 3600, refreshLeadTime: 300))
        // 2^63 - 1024: exactly representable as a Double, 1023 s before Int64.max.
        h.clock.set(Date(timeIntervalSince1970: TimeInterval(Int64.max - 1023)))
        #expect(h.clock.unixSeconds() == Int64.max - 1023)
        let session = try await h.provider.login(Self.user)
        #expect(session.user.externalId == "u-1")
        try await h.provider.enterForeground()
        #expect(!h.recorder.names.contains(.sessionExpired))
        #expect(!h.recorder.names.contains(.credentialsRefreshRequested))
        #expect(!h.provider.isSessionExpired)
    }
}
