import IdentityBridge
import Testing
import ZendeskMessagingAdapter

/// `mint(for:)` and `verify(_:)` are the code paths behind `issue(for:)` and
/// `verify(_:for:)`: same token, same checks, same errors, typed claims instead of dictionaries.
@Suite("Zendesk Messaging fast path: mint / verify")
struct ZendeskMessagingFastPathTests {
    let clock = FixedClock(unixSeconds: ZendeskMessagingFixture.start)

    @Test("mint returns exactly the JWT issue(for:) puts in the credential")
    func mintMatchesIssue() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(
                keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB], active: "app_B", lifetime: 1_800), clock: clock)
        let user = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann", metadata: ["email_verified": "false"])
        let token = try issuer.mint(for: user)
        #expect(token == (try issuer.issue(for: user).jwt))
        let jwt = try DecodedJWT.decode(token)
        #expect(jwt.keyID == "app_B")
        #expect(
            jwt.claims == [
                "scope": "user", "external_id": "u-1", "name": "Ann", "email": "ann@example.com",
                "email_verified": false, "exp": .int(ZendeskMessagingFixture.start + 1_800),
            ])
    }

    @Test("mint refuses what issue refuses: no userId is missing_identifier, a 256-character external_id is value_too_long")
    func mintErrors() throws {
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock)
        #expect(throws: IdentityError.self) { try issuer.mint(for: UserIdentity(email: "ann@example.com")) }
        do {
            _ = try issuer.mint(
                for: UserIdentity(userId: String(repeating: "é", count: ZendeskMessagingLimits.externalIdMaxLength + 1)))
            Issue.record("a 256-character external_id was accepted")
        } catch {
            #expect(error.code == .valueTooLong)
            #expect(error.field == "external_id")
            #expect(error.vendorCode == ZendeskMessagingVendorCode.externalIdTooLong)
        }
        // 255 two-byte characters: 510 UTF-8 bytes but 255 characters, within "The maximum length is 255 characters".
        let longest = String(repeating: "é", count: ZendeskMessagingLimits.externalIdMaxLength)
        #expect(try issuer.verify(try issuer.mint(for: UserIdentity(userId: longest))).externalId == longest)
    }

    @Test("verify returns the typed claims and the verifying key id for any configured kid")
    func verifyClaims() throws {
        let signing = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB], active: "app_B"),
            clock: clock)
        let verifying = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB], active: "app_A"),
            clock: clock)
        let token = try signing.mint(
            for: UserIdentity(userId: "u-7", email: "ann@example.com", name: "Ann", metadata: ["email_verified": "true"]))
        let claims = try verifying.verify(token)
        #expect(
            claims
                == ZendeskMessagingClaims(
                    externalId: "u-7", name: "Ann", email: "ann@example.com", emailVerified: true,
                    expiresAt: ZendeskMessagingFixture.start + 3_600, keyID: "app_B"))
        #expect(try verifying.verify(token, for: nil).keyID == claims.keyID)
    }

    @Test("verify also accepts a token whose header is written differently (decoded, kid looked up)")
    func verifyOtherHeaderOrder() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB]), clock: clock)
        // Forged with sorted keys: {"alg","kid","typ"}, not the issuer's own header text.
        let token = ZendeskMessagingFixture.forge(
            header: ["alg": "HS256", "typ": "JWT", "kid": "app_B"], claims: ZendeskMessagingFixture.claims("u-9"),
            secret: ZendeskMessagingFixture.secretB)
        #expect(try issuer.verify(token).externalId == "u-9")
        #expect(try issuer.verify(token).keyID == "app_B")
    }

    @Test("verify fails exactly like verify(_:for:): same code, field and vendor code")
    func verifyErrorsMatchVerify() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA]), clock: clock)
        let tokens = [
            "",  // token_missing
            "not.a.jwt",  // token_malformed
            ZendeskMessagingFixture.forge(
                header: ["alg": "HS384", "typ": "JWT", "kid": "app_A"], claims: ZendeskMessagingFixture.claims()),  // algorithm_not_allowed
            ZendeskMessagingFixture.forge(
                header: ["alg": "HS256", "typ": "JWT", "kid": "app_X"], claims: ZendeskMessagingFixture.claims()),  // key_unknown
            ZendeskMessagingFixture.forge(
                header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(),
                secret: ZendeskMessagingFixture.secretB),  // token_invalid
            // claim_missing (scope)
            ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: ["external_id": "u-1"]),
            // claim_invalid
            ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: ["scope": "admin", "external_id": "u-1"]),
            // value_too_long
            ZendeskMessagingFixture.forge(
                header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(String(repeating: "x", count: 256))),
            // token_expired
            ZendeskMessagingFixture.forge(
                header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: ZendeskMessagingFixture.start)),
        ]
        let expected: [IdentityError.Code] = [
            .tokenMissing, .tokenMalformed, .algorithmNotAllowed, .keyUnknown, .tokenInvalid, .claimMissing, .claimInvalid, .valueTooLong,
            .tokenExpired,
        ]
        for (token, code) in zip(tokens, expected) {
            var fast: IdentityError?
            var full: IdentityError?
            do { _ = try issuer.verify(token) } catch { fast = error }
            do { _ = try issuer.verify(token, for: nil) } catch { full = error }
            let fastError = try #require(fast, "verify accepted a token that must fail with \(code)")
            #expect(fastError.code == code)
            #expect(fastError == full)
            #expect(fastError.vendorCode != nil)
        }
    }

    @Test("a token carrying a configured key's exact header still needs that key's signature and a future exp")
    func knownHeaderStillChecked() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA]), clock: clock)
        // Same kid "app_A" (so the same header text), another secret: the signature must not match.
        let impostor = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingSigningKey(keyID: "app_A", secret: ZendeskMessagingFixture.secretB)]
            ), clock: clock)
        let forged = try impostor.mint(for: UserIdentity(userId: "u-1"))
        #expect(sameHeaderText(forged, try issuer.mint(for: UserIdentity(userId: "u-1"))))
        #expect(throws: IdentityError.self) { try issuer.verify(forged) }
        do { _ = try issuer.verify(forged) } catch { #expect(error.code == .tokenInvalid) }
        // "The JWT has expired": verified one lifetime later.
        let later = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA]),
            clock: FixedClock(unixSeconds: ZendeskMessagingFixture.start + 3_600))
        let token = try issuer.mint(for: UserIdentity(userId: "u-1"))
        do {
            _ = try later.verify(token)
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
