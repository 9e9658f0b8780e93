import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

/// Audit: hostile inputs against the Support issuer, exchange, verifier and JWT endpoint.
/// Nothing may trap; every refusal is a uniform failure without secrets.
@Suite("Zendesk Support audit: hostile inputs")
struct ZendeskSupportAuditTests {
    let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)

    @Test("a user token issued at an iat whose exp would overflow -> claim_invalid on iat, not a trap")
    func issueOverflow() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let error = #expect(throws: IdentityError.self) { try issuer.issueUserToken(for: ZendeskSupportFixture.ann, issuedAt: .max) }
        #expect(error?.code == .claimInvalid)
        #expect(error?.field == "iat")
        let token = try issuer.issueUserToken(for: ZendeskSupportFixture.ann, issuedAt: .max - issuer.userTokenLifetime)
        #expect(try DecodedJWT.decode(token).claims["exp"] == .int(.max))
    }

    @Test("a genuine user token with exp = Int64.min is token_expired, not a trap ('short-lived ... can tell a forged or expired token')")
    func extremeExpiredUserToken() async throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let token = ZendeskSupportFixture.userToken([
            "uid": "u-1", "name": "Ann", "email": "ann@example.com", "iat": .int(.min), "exp": .int(.min),
        ])
        let error = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: token) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.field == "user_token")
        let endpoint = TokenExchangeEndpoint(exchanger: issuer)
        #expect(await endpoint.handle(formBody: "user_token=\(token)", contentType: ZendeskSupportFixture.form).status == 401)
    }

    @Test("user-token claims of the wrong type (floats, strings for numbers, nested JSON) -> token_malformed")
    func hostileUserTokenClaims() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let base: [String: JSONValue] = [
            "uid": "u-1", "name": "Ann", "email": "ann@example.com", "iat": .int(ZendeskSupportFixture.start),
            "exp": .int(ZendeskSupportFixture.start + 600),
        ]
        let overrides: [[String: JSONValue]] = [
            ["exp": .double(1_767_226_200.5)], ["exp": "1767226200"], ["iat": .double(1.5)], ["iat": .null],
            ["uid": .int(1)], ["name": .object(["first": .array(["Ann"])])], ["email": .array([])],
        ]
        for override in overrides {
            var claims = base
            for (key, value) in override { claims[key] = value }
            let error = #expect(throws: IdentityError.self) { try issuer.exchange(userToken: ZendeskSupportFixture.userToken(claims)) }
            #expect(error?.code == .tokenMalformed, "\(override)")
            #expect(error?.field == "user_token")
        }
    }

    @Test("Zendesk JWT claims of the wrong type -> claim_invalid / claim_missing naming the claim")
    func hostileJWTClaims() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let base: [String: JSONValue] = ["jti": "j-1", "iat": .int(ZendeskSupportFixture.start), "name": "Ann", "email": "ann@example.com"]
        let cases: [([String: JSONValue], IdentityError.Code, String)] = [
            (["iat": .double(1_767_225_600.5)], .claimInvalid, "iat"),
            (["iat": "1767225600"], .claimInvalid, "iat"),
            (["jti": .int(1)], .claimInvalid, "jti"),
            (["jti": .null], .claimMissing, "jti"),
            (["name": .object([:])], .claimInvalid, "name"),
            (["name": " "], .invalidName, "name"),
            (["email": "not an email"], .invalidEmail, "email"),
        ]
        for (override, code, field) in cases {
            var claims = base
            for (key, value) in override { if value == .null { claims[key] = nil } else { claims[key] = value } }
            let token = HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: claims)
            let error = #expect(throws: IdentityError.self) { try issuer.verify(token, for: nil) }
            #expect(error?.code == code, "\(override)")
            #expect(error?.field == field, "\(override)")
            #expect(error.map { !$0.message.contains(ZendeskSupportFixture.secret.revealed) } ?? true)
        }
        let duplicate = HS256Signer(secret: ZendeskSupportFixture.secret).sign(
            payload: Array("{\"jti\":\"a\",\"jti\":\"b\",\"iat\":1,\"name\":\"Ann\",\"email\":\"ann@example.com\"}".utf8))
        #expect((#expect(throws: IdentityError.self) { try issuer.verify(duplicate, for: nil) })?.code == .tokenMalformed)
        let nested = HS256Signer(secret: ZendeskSupportFixture.secret).sign(
            payload: Array(("{\"jti\":" + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}").utf8))
        #expect((#expect(throws: IdentityError.self) { try issuer.verify(nested, for: nil) })?.code == .tokenMalformed)
    }

    @Test("hostile form bodies never trap: every one is a 400 or 401 with a uniform error")
    func hostileForms() async throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let endpoint = TokenExchangeEndpoint(exchanger: issuer)
        let bodies = [
            "", "=", "&&&", "user_token", "user_token=", "user_token=%", "user_token=%FF%FE", "user_token=%zz",
            "%=%", "user_token=" + String(repeating: "a", count: 1_000_000), "user_token=é☃👩‍💻", "user_token=a.b.c",
            "user_token=..", String(repeating: "user_token=a&", count: 10_000),
        ]
        for body in bodies {
            let response = await endpoint.handle(formBody: body, contentType: ZendeskSupportFixture.form)
            #expect([400, 401, 413].contains(response.status), "\(body.prefix(40))")
            let error = try #require(response.error)
            #expect(error.recovery?.isEmpty == false)
            #expect(!response.bodyText.contains(ZendeskSupportFixture.secret.revealed))
        }
        #expect(await endpoint.handle(formBody: [0xFF, 0xFE, 0x00], contentType: ZendeskSupportFixture.form).status == 400)
        #expect(await endpoint.handle(formBody: "user_token=a", contentType: "").status == 415)
        #expect(await endpoint.handle(formBody: "user_token=a", contentType: ";;;").status == 415)
    }

    @Test("anonymous identities: blank names and malformed emails are refused, unicode names pass")
    func anonymousHostile() throws {
        let issuer = try ZendeskSupportFixture.issuer(.anonymous, clock: clock)
        #expect((#expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(name: " \u{3000}")) })?.code == .invalidName)
        #expect((#expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(name: "A\u{0}")) })?.code == .invalidName)
        #expect((#expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(email: "")) })?.code == .invalidEmail)
        #expect((#expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(email: "a@b@c.d")) })?.code == .invalidEmail)
        let long = String(repeating: "a", count: 300) + "@example.com"
        #expect((#expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(email: long)) })?.code == .invalidEmail)
        let credential = try issuer.issue(for: UserIdentity(name: "Zoë 👩‍💻 Ångström"))
        #expect(credential.fields["anonymous"]?["name"] == "Zoë 👩‍💻 Ångström")
    }

    @Test("an anonymous credential whose name or email is not a string is refused, not silently dropped ('validated when present')")
    func anonymousCredentialTypes() async throws {
        let (provider, simulator, recorder) = try ZendeskSupportFixture.provider(.anonymous, clock: clock)
        for (field, value) in [("name", JSONValue.int(5)), ("email", .object(["a": "b"])), ("name", .array(["Ann"]))] {
            let credential = Credential(fields: ["anonymous": .object([field: value])])
            let error = await #expect(throws: IdentityError.self) { _ = try await provider.login(credential: credential) }
            #expect(error?.code == .invalidValueType)
            #expect(error?.field == "anonymous.\(field)")
            #expect(error?.recovery?.isEmpty == false)
        }
        #expect(await simulator.userCount() == 0)
        #expect(recorder.names == [.loginFailed, .loginFailed, .loginFailed])
        // null means absent.
        let session = try await provider.login(
            credential: Credential(fields: ["anonymous": .object(["name": .null, "email": "ann@example.com"])]))
        #expect(session.user.isAnonymous)
        #expect(session.user.email == "ann@example.com")
    }
}
