import IdentityBridge
import Testing
import ZendeskMessagingAdapter

/// `mintToken(for:)` and `verifyToken(_:)` are the code paths behind `issue(for:)` and
/// `verify(_:for:)`: same token, same checks, same errors, typed claims instead of dictionaries.
@Suite("Zendesk Messaging fast path: mintToken / verifyToken")
struct ZendeskMessagingFastPathTests {
    let clock = FixedClock(unixSeconds: Fixture.start)

    @Test("mintToken returns exactly the JWT issue(for:) puts in the credential")
    func mintTokenMatchesIssue() throws {
        let issuer = Fixture.issuer(
            try Fixture.settings(keys: [Fixture.keyA, Fixture.keyB], active: "app_B", lifetime: 1_800), clock: clock)
        let user = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann", metadata: ["email_verified": "false"])
        let token = try issuer.mintToken(for: user)
        #expect(token == (try issuer.issue(for: user).jwt))
        let jwt = try DecodedJWT.decode(token)
        #expect(jwt.keyID == "app_B")
        #expect(
            jwt.claims == [
                "scope": "user", "external_id": "u-1", "name": "Ann", "email": "ann@example.com",
                "email_verified": false, "exp": .int(Fixture.start + 1_800),
            ])
    }

    @Test("mintToken refuses what issue refuses: no userId is missing_identifier, a 256-character external_id is value_too_long")
    func mintTokenErrors() throws {
        let issuer = Fixture.issuer(try Fixture.settings(), clock: clock)
        #expect(throws: IdentityError.self) { try issuer.mintToken(for: UserIdentity(email: "ann@example.com")) }
        do {
            _ = try issuer.mintToken(
                for: UserIdentity(userId: String(repeating: "é", count: ZendeskMessagingLimits.externalIdMaxLength + 1)))
            Issue.record("a 256-character external_id was accepted")
        } catch {
            #expect(error.code == .valueTooLong)
            #expect(error.field == "userId")
        }
        // 255 two-byte characters: 510 UTF-8 bytes but 255 characters, within "The maximum length is 255 characters".
        let longest = String(repeating: "é", count: ZendeskMessagingLimits.externalIdMaxLength)
        #expect(try issuer.verifyToken(try issuer.mintToken(for: UserIdentity(userId: longest))).externalId == longest)
    }

    @Test("verifyToken returns the typed claims and the verifying key id for any configured kid")
    func verifyTokenClaims() throws {
        let signing = Fixture.issuer(try Fixture.settings(keys: [Fixture.keyA, Fixture.keyB], active: "app_B"), clock: clock)
        let verifying = Fixture.issuer(try Fixture.settings(keys: [Fixture.keyA, Fixture.keyB], active: "app_A"), clock: clock)
        let token = try signing.mintToken(
            for: UserIdentity(userId: "u-7", email: "ann@example.com", name: "Ann", metadata: ["email_verified": "true"]))
        let claims = try verifying.verifyToken(token)
        #expect(
            claims
                == ZendeskMessagingClaims(
                    externalId: "u-7", name: "Ann", email: "ann@example.com", emailVerified: true,
                    expiresAt: Fixture.start + 3_600, keyID: "app_B"))
        #expect(try verifying.verify(token, for: nil).keyID == claims.keyID)
    }

    @Test("verifyToken also accepts a token whose header is written differently (decoded, kid looked up)")
    func verifyTokenOtherHeaderOrder() throws {
        let issuer = Fixture.issuer(try Fixture.settings(keys: [Fixture.keyA, Fixture.keyB]), clock: clock)
        // Forged with sorted keys: {"alg","kid","typ"}, not the issuer's own header text.
        let token = Fixture.forge(
            header: ["alg": "HS256", "typ": "JWT", "kid": "app_B"], claims: Fixture.claims("u-9"), secret: Fixture.secretB)
        #expect(try issuer.verifyToken(token).externalId == "u-9")
        #expect(try issuer.verifyToken(token).keyID == "app_B")
    }

    @Test("verifyToken fails exactly like verify(_:for:): same code, field and vendor code")
    func verifyTokenErrorsMatchVerify() throws {
        let issuer = Fixture.issuer(try Fixture.settings(keys: [Fixture.keyA]), clock: clock)
        let tokens = [
            "",  // token_missing
            "not.a.jwt",  // token_malformed
            Fixture.forge(header: ["alg": "HS384", "typ": "JWT", "kid": "app_A"], claims: Fixture.claims()),  // algorithm_not_allowed
            Fixture.forge(header: ["alg": "HS256", "typ": "JWT", "kid": "app_X"], claims: Fixture.claims()),  // key_unknown
            Fixture.forge(header: Fixture.goodHeader, claims: Fixture.claims(), secret: Fixture.secretB),  // token_invalid
            Fixture.forge(header: Fixture.goodHeader, claims: ["external_id": "u-1"]),  // claim_missing (scope)
            Fixture.forge(header: Fixture.goodHeader, claims: ["scope": "admin", "external_id": "u-1"]),  // claim_invalid
            Fixture.forge(header: Fixture.goodHeader, claims: Fixture.claims(String(repeating: "x", count: 256))),  // value_too_long
            Fixture.forge(header: Fixture.goodHeader, claims: Fixture.claims(exp: Fixture.start)),  // token_expired
        ]
        let expected: [IdentityError.Code] = [
            .tokenMissing, .tokenMalformed, .algorithmNotAllowed, .keyUnknown, .tokenInvalid, .claimMissing, .claimInvalid, .valueTooLong,
            .tokenExpired,
        ]
        for (token, code) in zip(tokens, expected) {
            var fast: IdentityError?
            var full: IdentityError?
            do { _ = try issuer.verifyToken(token) } catch { fast = error }
            do { _ = try issuer.verify(token, for: nil) } catch { full = error }
            let fastError = try #require(fast, "verifyToken accepted a token that must fail with \(code)")
            #expect(fastError.code == code)
            #expect(fastError == full)
            #expect(fastError.vendorCode != nil)
        }
    }

    @Test("a token carrying a configured key's exact header still needs that key's signature and a future exp")
    func knownHeaderStillChecked() throws {
        let issuer = Fixture.issuer(try Fixture.settings(keys: [Fixture.keyA]), clock: clock)
        // Same kid "app_A" (so the same header text), another secret: the signature must not match.
        let impostor = Fixture.issuer(
            try Fixture.settings(keys: [ZendeskMessagingSigningKey(keyID: "app_A", secret: Fixture.secretB)]), clock: clock)
        let forged = try impostor.mintToken(for: UserIdentity(userId: "u-1"))
        #expect(sameHeaderText(forged, try issuer.mintToken(for: UserIdentity(userId: "u-1"))))
        #expect(throws: IdentityError.self) { try issuer.verifyToken(forged) }
        do { _ = try issuer.verifyToken(forged) } catch { #expect(error.code == .tokenInvalid) }
        // "The JWT has expired": verified one lifetime later.
        let later = Fixture.issuer(try Fixture.settings(keys: [Fixture.keyA]), clock: FixedClock(unixSeconds: Fixture.start + 3_600))
        let token = try issuer.mintToken(for: UserIdentity(userId: "u-1"))
        do {
            _ = try later.verifyToken(token)
            Issue.record("an expired token was accepted")
        } catch {
            #expect(error.code == .tokenExpired)
            #expect(error.vendorCode == ZendeskMessagingVendorCode.expiredJWT)
        }
    }
}

/// Whether two compact tokens start with the same header text.
private func sameHeaderText(_ a: String, _ b: String) -> Bool {
    a.split(separator: ".").first == b.split(separator: ".").first
}
