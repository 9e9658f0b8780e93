import IdentityBridge
import Testing
import ZendeskSupportAdapter

@Suite("Zendesk Support identities, user tokens and the JWT exchange")
struct ZendeskSupportIssuerTests {
    let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)

    @Test("anonymous identity: {\"anonymous\": {name, email}}, both optional")
    func anonymous() throws {
        let issuer = try ZendeskSupportFixture.issuer(.anonymous, clock: clock)
        #expect(try issuer.issue(for: ZendeskSupportFixture.ann).fields == ["anonymous": ["name": "Ann", "email": "ann@example.com"]])
        #expect(try issuer.issue(for: UserIdentity()).fields == ["anonymous": [:]])
        #expect(try issuer.issue(for: UserIdentity(name: "John Bob")).fields == ["anonymous": ["name": "John Bob"]])
    }

    @Test("anonymous identity: email and name are validated when present")
    func anonymousValidation() throws {
        let issuer = try ZendeskSupportFixture.issuer(.anonymous, clock: clock)
        #expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(email: "nope")) }
        let email = #expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(email: "a@b")) }
        #expect(email?.code == .invalidEmail)
        let name = #expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(name: " ")) }
        #expect(name?.code == .invalidName)
    }

    @Test("an anonymous app cannot exchange user tokens (configuration_invalid naming the mismatch)")
    func anonymousExchange() throws {
        let issuer = try ZendeskSupportFixture.issuer(.anonymous, clock: clock)
        let error = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: "x.y.z") }
        #expect(error?.code == .configurationInvalid)
        #expect(error?.vendorCode == "identity_type_mismatch")
        #expect(error?.message.contains("anonymous") == true)
    }

    @Test("jwt mode issues {\"user_token\": ...} expiring after user_token_lifetime")
    func userToken() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let credential = try issuer.issue(for: ZendeskSupportFixture.ann)
        #expect(credential.fields.keys.sorted() == ["user_token"])
        #expect(credential.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskSupportFixture.start + 600)))
        let contents = try issuer.readUserToken(try #require(credential["user_token"]))
        #expect(
            contents
                == ZendeskSupportUserToken(
                    userId: "u-1", name: "Ann", email: "ann@example.com",
                    issuedAt: ZendeskSupportFixture.start, expiresAt: ZendeskSupportFixture.start + 600))
    }

    @Test("jwt mode: name and email are required (invalid_name / missing_identifier), email validated")
    func userTokenRequiresNameAndEmail() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let cases: [(UserIdentity, IdentityError.Code)] = [
            (UserIdentity(userId: "u-1", email: "ann@example.com"), .invalidName),
            (UserIdentity(userId: "u-1", name: "Ann"), .missingIdentifier),
            (UserIdentity(userId: "u-1", email: "ann", name: "Ann"), .invalidEmail),
            (UserIdentity(userId: " u-1", email: "ann@example.com", name: "Ann"), .invalidIdentifier),
        ]
        for (user, code) in cases {
            let error = #expect(throws: IdentityError.self) { try issuer.issue(for: user) }
            #expect(error?.code == code)
        }
    }

    @Test("exchange: HS256 JWT with jti, iat, name, email, external_id signed with the shared secret")
    func exchange() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let userToken = try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"])
        clock.advance(by: 30)
        let jwt = try issuer.exchange(userToken: userToken)
        let decoded = try DecodedJWT.decode(jwt)
        try decoded.requireHS256()
        #expect(decoded.verifySignature(with: HS256Signer(secret: ZendeskSupportFixture.secret)))
        #expect(Set(decoded.claims.keys) == ["jti", "iat", "name", "email", "external_id"])
        #expect(decoded.claims["iat"] == .int(ZendeskSupportFixture.start + 30))
        #expect(decoded.claims["name"] == "Ann" && decoded.claims["email"] == "ann@example.com")
        #expect(decoded.claims["external_id"] == "u-1")
        let again = try DecodedJWT.decode(try issuer.exchange(userToken: userToken))
        #expect(again.claims["jti"] != decoded.claims["jti"], "jti is unique per JWT")
    }

    @Test("exchange without a user id leaves external_id out")
    func exchangeWithoutId() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let token = try #require(try issuer.issue(for: UserIdentity(email: "ann@example.com", name: "Ann"))["user_token"])
        #expect(try DecodedJWT.decode(try issuer.exchange(userToken: token)).claims["external_id"] == nil)
    }

    @Test("forged user tokens -> token_invalid: other key, tampered payload, a Zendesk JWT, wrong typ")
    func forged() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let claims: [String: JSONValue] = [
            "name": "Ann", "email": "ann@example.com", "iat": .int(ZendeskSupportFixture.start),
            "exp": .int(ZendeskSupportFixture.start + 600),
        ]
        let genuine = try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"])
        let parts = genuine.split(separator: ".")
        let tamperedPayload = Base64URL.encode(Array(JSONValue.object(claims.merging(["uid": "admin"]) { $1 }).jsonString.utf8))
        let tokens = [
            ZendeskSupportFixture.userToken(claims, key: Secret("not-our-key-0123456789-0123456789")),
            "\(parts[0]).\(tamperedPayload).\(parts[2])",
            try issuer.exchange(userToken: genuine),
            HS256Signer(secret: ZendeskSupportSettings.deriveUserTokenKey(from: ZendeskSupportFixture.secret)).sign(claims: claims),
        ]
        for token in tokens {
            let error = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: token) }
            #expect(error?.code == .tokenInvalid)
            #expect(error?.field == "user_token")
        }
    }

    @Test("expired user tokens -> token_expired (valid one second before)")
    func expired() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let token = try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"])
        clock.advance(by: 599)
        _ = try issuer.exchange(userToken: token)
        clock.advance(by: 1)
        let error = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: token) }
        #expect(error?.code == .tokenExpired)
    }

    @Test("malformed user tokens -> token_malformed; empty -> token_missing")
    func malformed() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        for token in ["abc", "a.b.c", "..", "eyJhbGciOiJIUzI1NiJ9.e30"] {
            let error = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: token) }
            #expect(error?.code == .tokenMalformed)
        }
        let empty = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: "") }
        #expect(empty?.code == .tokenMissing)
        let noExp = ZendeskSupportFixture.userToken(["name": "Ann", "email": "a@example.com", "iat": 1])
        #expect((#expect(throws: IdentityError.self) { try issuer.exchange(userToken: noExp) })?.code == .tokenMalformed)
    }

    @Test("a genuine user token without name -> invalid_name, without email -> missing_identifier")
    func genuineButIncomplete() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let base: [String: JSONValue] = ["iat": .int(ZendeskSupportFixture.start), "exp": .int(ZendeskSupportFixture.start + 600)]
        let noName = ZendeskSupportFixture.userToken(base.merging(["email": "ann@example.com"]) { $1 })
        let noEmail = ZendeskSupportFixture.userToken(base.merging(["name": "Ann"]) { $1 })
        #expect((#expect(throws: IdentityError.self) { try issuer.exchange(userToken: noName) })?.code == .invalidName)
        #expect((#expect(throws: IdentityError.self) { try issuer.exchange(userToken: noEmail) })?.code == .missingIdentifier)
    }

    @Test("the user-token key is derived from secret with HKDF-SHA256 unless user_token_secret is set")
    func keyDerivation() throws {
        let derived = ZendeskSupportSettings.deriveUserTokenKey(from: ZendeskSupportFixture.secret)
        #expect(derived.revealedBytes.count == 32)
        #expect(derived != ZendeskSupportFixture.secret)
        #expect(derived == ZendeskSupportSettings.deriveUserTokenKey(from: ZendeskSupportFixture.secret))
        #expect(derived != ZendeskSupportSettings.deriveUserTokenKey(from: ZendeskSupportFixture.otherSecret))
        let explicit = Secret("explicit-user-token-key-0123456789")
        let settings = ZendeskSupportSettings(auth: .jwt, secret: ZendeskSupportFixture.secret, userTokenSecret: explicit)
        #expect(settings.userTokenKey == explicit)
        // A token signed with the explicit key is refused by an issuer using the derived key, and vice versa.
        let withExplicit = try ZendeskSupportFixture.issuer(clock: clock, userTokenSecret: explicit)
        let token = try #require(try withExplicit.issue(for: ZendeskSupportFixture.ann)["user_token"])
        _ = try withExplicit.exchange(userToken: token)
        #expect(
            (#expect(throws: IdentityError.self) { try ZendeskSupportFixture.issuer(clock: clock).exchange(userToken: token) })?.code
                == .tokenInvalid)
    }

    @Test("verify accepts our user tokens and Zendesk JWTs; refuses JWTs with another secret or without required claims")
    func verify() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let userToken = try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"])
        let tokenClaims = try issuer.verify(userToken, for: nil).claims
        #expect(tokenClaims["type"] == "user_token" && tokenClaims["uid"] == "u-1")
        let jwt = try issuer.exchange(userToken: userToken)
        #expect(try issuer.verify(jwt, for: nil).claims["email"] == "ann@example.com")
        #expect(try issuer.verify(jwt, for: UserIdentity(userId: "u-1")).claims["external_id"] == "u-1")
        #expect((#expect(throws: IdentityError.self) { try issuer.verify(jwt, for: UserIdentity(userId: "u-2")) })?.field == "external_id")
        #expect(
            (#expect(throws: IdentityError.self) { try issuer.verify(userToken, for: UserIdentity(userId: "u-2")) })?.code == .tokenInvalid)
        let foreign = HS256Signer(secret: ZendeskSupportFixture.otherSecret).sign(claims: [
            "jti": "1", "iat": 1, "name": "A", "email": "a@example.com",
        ])
        #expect((#expect(throws: IdentityError.self) { try issuer.verify(foreign, for: nil) })?.code == .tokenInvalid)
        let signer = HS256Signer(secret: ZendeskSupportFixture.secret)
        let cases: [([String: JSONValue], IdentityError.Code)] = [
            (["iat": 1, "name": "A", "email": "a@example.com"], .claimMissing),
            (["jti": "1", "name": "A", "email": "a@example.com"], .claimMissing),
            (["jti": "1", "iat": 1, "email": "a@example.com"], .invalidName),
            (["jti": "1", "iat": 1, "name": "A"], .missingIdentifier),
        ]
        for (claims, code) in cases {
            #expect((#expect(throws: IdentityError.self) { try issuer.verify(signer.sign(claims: claims), for: nil) })?.code == code)
        }
    }
}
