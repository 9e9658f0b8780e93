import IdentityBridge
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging JWT issuing")
struct ZendeskMessagingIssuingTests {
    let clock = FixedClock(unixSeconds: ZendeskMessagingFixture.start)

    @Test("header is alg HS256, typ JWT and the active key's kid; payload scope user, external_id, name, email, email_verified, exp")
    func issuesTheDocumentedClaims() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(
                keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB], active: "app_B", lifetime: 1_800), clock: clock)
        let credential = try issuer.issue(
            for: UserIdentity(
                userId: "u-1", email: "ann@example.com", name: "Ann",
                metadata: ["email_verified": "true"]))
        let token = try #require(credential.jwt)
        let jwt = try DecodedJWT.decode(token)
        #expect(jwt.header == ["alg": "HS256", "typ": "JWT", "kid": "app_B"])
        #expect(
            jwt.claims == [
                "scope": "user", "external_id": "u-1", "name": "Ann", "email": "ann@example.com",
                "email_verified": true, "exp": .int(ZendeskMessagingFixture.start + 1_800),
            ])
        #expect(jwt.verifySignature(with: HS256Signer(secret: ZendeskMessagingFixture.secretB)))
        #expect(!jwt.verifySignature(with: HS256Signer(secret: ZendeskMessagingFixture.secretA)))
        #expect(credential.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start + 1_800)))
        #expect(credential.fields.keys.sorted() == ["jwt"])
    }

    @Test("the active key defaults to the first signing key")
    func firstKeySigns() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyB, ZendeskMessagingFixture.keyA]), clock: clock)
        let token = try #require(try issuer.issue(for: UserIdentity(userId: "u-1")).jwt)
        #expect(try DecodedJWT.decode(token).keyID == "app_B")
        #expect(try issuer.verify(token, for: nil).keyID == "app_B")
    }

    @Test("optional claims are left out when absent; the default lifetime is one hour")
    func optionalClaimsAbsent() throws {
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingSettings(signingKeys: [ZendeskMessagingFixture.keyA]), clock: clock)
        let jwt = try DecodedJWT.decode(try #require(try issuer.issue(for: UserIdentity(userId: "u-1")).jwt))
        #expect(jwt.claims == ["scope": "user", "external_id": "u-1", "exp": .int(ZendeskMessagingFixture.start + 3_600)])
    }

    @Test("external_id is required: no userId is missing_identifier")
    func userIdRequired() throws {
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock)
        for user in [UserIdentity(email: "ann@example.com"), UserIdentity(userId: "")] {
            let error = syncIdentityError { _ = try issuer.issue(for: user) }
            #expect(error?.code == .missingIdentifier)
            #expect(error?.field == "userId")
            #expect(error?.provider == ZendeskMessagingFixture.provider)
        }
    }

    @Test("external_id: 'The maximum length is 255 characters' (255 passes, 256 is value_too_long)")
    func externalIdLength() throws {
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock)
        let longest = String(repeating: "é", count: ZendeskMessagingLimits.externalIdMaxLength)
        let token = try #require(try issuer.issue(for: UserIdentity(userId: longest)).jwt)
        #expect(try issuer.verify(token, for: nil).claims["external_id"] == .string(longest))
        let error = syncIdentityError { _ = try issuer.issue(for: UserIdentity(userId: longest + "x")) }
        // The verifier's verdict for the same rule (a token whose external_id is too long).
        #expect(error?.code == .valueTooLong)
        #expect(error?.field == "external_id")
        #expect(error?.vendorCode == ZendeskMessagingVendorCode.externalIdTooLong)
        #expect(error?.message.contains("255") == true)
    }

    @Test("empty email or name and a non-boolean email_verified are refused before signing")
    func badOptionalInputs() throws {
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock)
        #expect(syncIdentityError { _ = try issuer.issue(for: UserIdentity(userId: "u", email: "")) }?.code == .invalidEmail)
        #expect(syncIdentityError { _ = try issuer.issue(for: UserIdentity(userId: "u", name: "")) }?.code == .invalidName)
        let error = syncIdentityError { _ = try issuer.issue(for: UserIdentity(userId: "u", metadata: ["email_verified": "yes"])) }
        #expect(error?.code == .invalidValueType)
        #expect(error?.field == "metadata.email_verified")
        let token = try #require(try issuer.issue(for: UserIdentity(userId: "u", metadata: ["email_verified": "false"])).jwt)
        #expect(try DecodedJWT.decode(token).claims["email_verified"] == false)
    }
}

@Suite("Zendesk Messaging JWT verification")
struct ZendeskMessagingVerificationTests {
    let clock = ManualClock(unixSeconds: ZendeskMessagingFixture.start)

    func verifier(keys: [ZendeskMessagingSigningKey] = [ZendeskMessagingFixture.keyA]) throws -> ZendeskMessagingIssuer {
        ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(keys: keys), clock: clock)
    }

    func rejection(_ token: String, keys: [ZendeskMessagingSigningKey] = [ZendeskMessagingFixture.keyA]) throws -> IdentityError? {
        let issuer = try verifier(keys: keys)
        return syncIdentityError { _ = try issuer.verify(token, for: nil) }
    }

    @Test("an issued token verifies and returns its claims and kid")
    func roundTrip() throws {
        let issuer = try verifier()
        let token = try #require(try issuer.issue(for: UserIdentity(userId: "u-1", email: "a@example.com")).jwt)
        let verified = try issuer.verify(token, for: nil)
        #expect(verified.keyID == "app_A")
        #expect(verified.claims["external_id"] == "u-1")
        #expect(verified.claims["scope"] == "user")
    }

    @Test("alg HS256 only (RS256, ES256 and none are algorithm_not_allowed)")
    func algorithmOnlyHS256() throws {
        for alg: JSONValue in ["RS256", "ES256", "none", "HS512"] {
            var header = ZendeskMessagingFixture.goodHeader
            header["alg"] = alg
            let error = try rejection(ZendeskMessagingFixture.forge(header: header, claims: ZendeskMessagingFixture.claims()))
            #expect(error?.code == .algorithmNotAllowed, "alg \(alg)")
            #expect(error?.field == "alg")
        }
        var header = ZendeskMessagingFixture.goodHeader
        header["alg"] = nil
        #expect(
            try rejection(ZendeskMessagingFixture.forge(header: header, claims: ZendeskMessagingFixture.claims()))?.code
                == .algorithmNotAllowed)
    }

    @Test("kid is required: missing, non-string or unconfigured kid is key_unknown")
    func kidRequired() throws {
        for kid: JSONValue? in [nil, 7, "app_nope"] {
            var header = ZendeskMessagingFixture.goodHeader
            header["kid"] = kid
            let error = try rejection(ZendeskMessagingFixture.forge(header: header, claims: ZendeskMessagingFixture.claims()))
            #expect(error?.code == .keyUnknown)
            #expect(error?.field == "kid")
        }
    }

    @Test("typ other than JWT is token_malformed; a missing typ is accepted")
    func typeHeader() throws {
        var header = ZendeskMessagingFixture.goodHeader
        header["typ"] = "JWE"
        #expect(
            try rejection(ZendeskMessagingFixture.forge(header: header, claims: ZendeskMessagingFixture.claims()))?.code == .tokenMalformed)
        header["typ"] = nil
        #expect(try rejection(ZendeskMessagingFixture.forge(header: header, claims: ZendeskMessagingFixture.claims())) == nil)
    }

    @Test("a wrong signature (other secret or tampered payload) is token_invalid")
    func wrongSignature() throws {
        let error = try rejection(
            ZendeskMessagingFixture.forge(
                header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(),
                secret: ZendeskMessagingFixture.secretB))
        #expect(error?.code == .tokenInvalid)
        #expect(error?.field == "signature")
        let good = ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims())
        let parts = good.split(separator: ".")
        let tampered = Base64URL.encode(Array(JSONValue.object(ZendeskMessagingFixture.claims("admin")).jsonString.utf8))
        #expect(try rejection("\(parts[0]).\(tampered).\(parts[2])")?.code == .tokenInvalid)
    }

    @Test("scope is required and must be \"user\"")
    func scopeRule() throws {
        var claims = ZendeskMessagingFixture.claims()
        claims["scope"] = nil
        var error = try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))
        #expect(error?.code == .claimMissing)
        #expect(error?.field == "scope")
        for scope: JSONValue in ["app", "User", 1, ["user"]] {
            claims["scope"] = scope
            error = try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))
            #expect(error?.code == .claimInvalid, "scope \(scope)")
            #expect(error?.field == "scope")
        }
    }

    @Test("external_id is required, a non-empty string of at most 255 characters")
    func externalIdRule() throws {
        var claims = ZendeskMessagingFixture.claims()
        claims["external_id"] = nil
        #expect(
            try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))?.code == .claimMissing)
        claims["external_id"] = 42
        #expect(
            try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))?.code == .claimInvalid)
        claims["external_id"] = ""
        #expect(
            try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))?.code == .claimInvalid)
        claims["external_id"] = .string(String(repeating: "x", count: 256))
        let error = try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))
        #expect(error?.code == .valueTooLong)
        #expect(error?.field == "external_id")
        claims["external_id"] = .string(String(repeating: "x", count: 255))
        #expect(try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims)) == nil)
    }

    @Test("name and email must be strings, email_verified a boolean, exp an integer (claim_invalid)")
    func optionalClaimTypes() throws {
        let cases: [(String, JSONValue)] = [("name", 1), ("email", false), ("email_verified", "true"), ("exp", "soon"), ("exp", 1.5)]
        for (claim, value) in cases {
            var claims = ZendeskMessagingFixture.claims()
            claims[claim] = value
            let error = try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims))
            #expect(error?.code == .claimInvalid, "\(claim) = \(value)")
            #expect(error?.field == claim)
        }
        var claims = ZendeskMessagingFixture.claims()
        claims["name"] = "Ann"
        claims["email"] = "ann@example.com"
        claims["email_verified"] = false
        #expect(try rejection(ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims)) == nil)
    }

    @Test("exp is optional: a token without exp never expires")
    func noExp() throws {
        let token = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: nil))
        clock.advance(by: 10 * 365 * 86_400)
        #expect(try rejection(token) == nil)
    }

    @Test("expired: token_expired, vendor code expiredJWT, message exactly \"The JWT has expired\"")
    func expired() throws {
        let issuer = try verifier()
        let token = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: ZendeskMessagingFixture.start + 60))
        clock.advance(by: 59)
        #expect(syncIdentityError { _ = try issuer.verify(token, for: nil) } == nil)
        clock.advance(by: 1)
        let error = syncIdentityError { _ = try issuer.verify(token, for: nil) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "expiredJWT")
        #expect(error?.message == "The JWT has expired")
        #expect(error?.field == "exp")
    }

    @Test("structurally broken tokens are token_missing / token_malformed, never a crash")
    func malformed() throws {
        #expect(try rejection("")?.code == .tokenMissing)
        for token in ["abc", "a.b", "a.b.c.d", "!!.??.##", "e30.e30", "W10.e30.", "e30.W10."] {
            #expect(try rejection(token)?.code == .tokenMalformed, "\(token)")
        }
    }

    @Test("secrets never appear in errors")
    func secretNotLeaked() throws {
        let error = try rejection(
            ZendeskMessagingFixture.forge(
                header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(),
                secret: ZendeskMessagingFixture.secretB))
        let text = "\(String(describing: error)) \(error?.json.jsonString ?? "")"
        #expect(!text.contains(ZendeskMessagingFixture.secretA.revealed))
        #expect(!text.contains(ZendeskMessagingFixture.secretB.revealed))
    }
}

@Suite("Zendesk Messaging key rotation (up to 10 signing keys, picked by kid)")
struct ZendeskMessagingKeyRotationTests {
    let clock = FixedClock(unixSeconds: ZendeskMessagingFixture.start)

    @Test("a token signed by a retained old key verifies; one signed by a rotated-out key is key_unknown")
    func rotation() throws {
        let before = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyOld]), clock: clock)
        let oldToken = try #require(try before.issue(for: UserIdentity(userId: "u-1")).jwt)

        let retaining = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyOld]), clock: clock)
        #expect(try retaining.verify(oldToken, for: nil).keyID == "app_old")
        let newToken = try #require(try retaining.issue(for: UserIdentity(userId: "u-1")).jwt)
        #expect(try DecodedJWT.decode(newToken).keyID == "app_A")

        let rotatedOut = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA]), clock: clock)
        let error = syncIdentityError { _ = try rotatedOut.verify(oldToken, for: nil) }
        #expect(error?.code == .keyUnknown)
        #expect(error?.message.contains("app_old") == true)
        #expect(try rotatedOut.verify(newToken, for: nil).keyID == "app_A")
    }

    @Test("a kid of one key with the secret of another is token_invalid, not accepted")
    func kidSecretMismatch() throws {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyB]), clock: clock)
        let token = ZendeskMessagingFixture.forge(
            header: ["alg": "HS256", "typ": "JWT", "kid": "app_B"], claims: ZendeskMessagingFixture.claims(),
            secret: ZendeskMessagingFixture.secretA)
        #expect(syncIdentityError { _ = try issuer.verify(token, for: nil) }?.code == .tokenInvalid)
    }
}
