import IdentityBridge
import Testing
import ZendeskChatAdapter

@Suite("Zendesk Chat JWT issuing")
struct ZendeskChatIssuerTests {
    let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)

    @Test("the JWT is HS256 with name, email, external_id, iat and exp = iat + token_lifetime")
    func claims() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock, lifetime: 240)
        let credential = try issuer.issue(for: ZendeskChatFixture.ann)
        let token = try #require(credential.jwt)
        #expect(credential.fields.keys.sorted() == ["jwt"])
        #expect(credential.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskChatFixture.start + 240)))
        let decoded = try DecodedJWT.decode(token)
        try decoded.requireHS256()
        #expect(decoded.verifySignature(with: HS256Signer(secret: ZendeskChatFixture.secret)))
        #expect(
            decoded.claims == [
                "name": "Ann", "email": "ann@example.com", "external_id": "user-123456",
                "iat": .int(ZendeskChatFixture.start), "exp": .int(ZendeskChatFixture.start + 240),
            ])
    }

    @Test("each getToken call mints a fresh JWT at the current time")
    func freshTokens() async throws {
        let authenticator = ZendeskChatIssuingAuthenticator(
            issuer: try ZendeskChatFixture.issuer(clock: clock), user: ZendeskChatFixture.ann)
        let first = try await authenticator.getToken()
        clock.advance(by: 60)
        let second = try await authenticator.getToken()
        #expect(first != second)
        #expect(try DecodedJWT.decode(second).requiredInt("iat") == ZendeskChatFixture.start + 60)
    }

    @Test("a user without userId -> missing_identifier; without name -> invalid_name; without email -> invalid_email (as verify says)")
    func requiredFields() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let cases: [(UserIdentity, IdentityError.Code, String, String?)] = [
            (UserIdentity(email: "ann@example.com", name: "Ann"), .missingIdentifier, "userId", nil),
            (UserIdentity(userId: "u-1", email: "ann@example.com"), .invalidName, "name", "invalidName"),
            (UserIdentity(userId: "u-1", name: "Ann"), .invalidEmail, "email", "invalidEmail"),
        ]
        for (user, code, field, vendorCode) in cases {
            let error = #expect(throws: IdentityError.self) { try issuer.issue(for: user) }
            #expect(error?.code == code)
            #expect(error?.field == field)
            #expect(error?.vendorCode == vendorCode)
        }
    }

    @Test("invalid email / blank name / 201-character external_id are refused before signing")
    func invalidValues() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let cases: [(UserIdentity, IdentityError.Code)] = [
            (UserIdentity(userId: "u-1", email: "not-an-email", name: "Ann"), .invalidEmail),
            (UserIdentity(userId: "u-1", email: "ann@example.com", name: "  "), .invalidName),
            (UserIdentity(userId: String(repeating: "x", count: 201), email: "ann@example.com", name: "Ann"), .valueTooLong),
            (UserIdentity(userId: "has space", email: "ann@example.com", name: "Ann"), .invalidIdentifier),
        ]
        for (user, code) in cases {
            let error = #expect(throws: IdentityError.self) { try issuer.issue(for: user) }
            #expect(error?.code == code)
        }
        let ok = UserIdentity(userId: String(repeating: "x", count: 200), email: "ann@example.com", name: "Ann")
        #expect(try issuer.issue(for: ok).jwt != nil)
    }

    @Test("an issuer with a lifetime over 7 minutes cannot be built (configuration_invalid)")
    func lifetimeLimit() throws {
        let error = #expect(throws: IdentityError.self) { try ZendeskChatFixture.issuer(clock: clock, lifetime: 421) }
        #expect(error?.code == .configurationInvalid)
        #expect(try ZendeskChatFixture.issuer(clock: clock, lifetime: 420).tokenLifetime == 420)
    }
}
