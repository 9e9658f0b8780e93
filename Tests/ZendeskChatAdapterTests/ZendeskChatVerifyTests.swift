import IdentityBridge
import Testing
import ZendeskChatAdapter

/// Every check of `verify` (what `identityctl verify --provider zendesk-chat` applies).
@Suite("Zendesk Chat JWT checks")
struct ZendeskChatVerifyTests {
    let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)

    func verifyError(_ token: String, user: UserIdentity? = nil) throws -> IdentityError {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        do {
            _ = try issuer.verify(token, for: user)
        } catch {
            return error
        }
        Issue.record("expected the token to be refused")
        return IdentityError(.unknown, message: "accepted")
    }

    @Test("a minted token verifies and its claims come back")
    func mintedTokenVerifies() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let token = try #require(try issuer.issue(for: ZendeskChatFixture.ann).jwt)
        let verified = try issuer.verify(token, for: nil)
        #expect(verified.claims["external_id"] == "user-123456")
        #expect(verified.claims["name"] == "Ann")
        #expect(verified.claims["email"] == "ann@example.com")
        #expect(verified.claims["iat"] == .int(ZendeskChatFixture.start))
        #expect(verified.claims["exp"] == .int(ZendeskChatFixture.start + 300))
    }

    @Test("not a JWT -> token_malformed, vendor invalidAccessToken")
    func malformed() throws {
        for token in ["abc", "a.b", "a.b.c.d", "eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.AAAA"] {
            let error = try verifyError(token)
            #expect(error.code == .tokenMalformed)
            #expect(error.vendorCode == "invalidAccessToken")
        }
    }

    @Test("empty token -> token_missing, vendor invalidAccessToken")
    func empty() throws {
        let error = try verifyError("")
        #expect(error.code == .tokenMissing)
        #expect(error.vendorCode == "invalidAccessToken")
    }

    @Test("a JWT not signed with HS256 -> algorithm_not_allowed, vendor invalidAccessToken")
    func wrongAlgorithm() throws {
        // header {"alg":"none","typ":"JWT"}
        let payload = Base64URL.encode(Array(JSONValue.object(ZendeskChatFixture.claims()).jsonString.utf8))
        let error = try verifyError("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.\(payload).")
        #expect(error.code == .algorithmNotAllowed)
        #expect(error.vendorCode == "invalidAccessToken")
    }

    @Test("signed with another secret -> token_invalid, vendor invalidSharedSecret")
    func wrongSecret() throws {
        let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(), secret: ZendeskChatFixture.otherSecret))
        #expect(error.code == .tokenInvalid)
        #expect(error.vendorCode == "invalidSharedSecret")
        #expect(error.field == "jwt")
    }

    @Test("a tampered payload -> token_invalid, vendor invalidSharedSecret")
    func tampered() throws {
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims())
        let parts = token.split(separator: ".")
        let forged = Base64URL.encode(Array(JSONValue.object(ZendeskChatFixture.claims(["external_id": "admin"])).jsonString.utf8))
        let error = try verifyError("\(parts[0]).\(forged).\(parts[2])")
        #expect(error.code == .tokenInvalid)
        #expect(error.vendorCode == "invalidSharedSecret")
    }

    @Test("name missing, empty or not a string -> invalid_name, vendor invalidName")
    func invalidName() throws {
        for value: JSONValue in [.null, "", "   ", 42] {
            let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(["name": value])))
            #expect(error.code == .invalidName)
            #expect(error.vendorCode == "invalidName")
            #expect(error.field == "name")
        }
    }

    @Test("email missing, malformed or not a string -> invalid_email, vendor invalidEmail")
    func invalidEmail() throws {
        for value: JSONValue in [.null, "ann", "ann@", "@example.com", "ann@example", "a n@example.com", "ann@@example.com", true] {
            let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(["email": value])))
            #expect(error.code == .invalidEmail, "email \(value)")
            #expect(error.vendorCode == "invalidEmail")
        }
    }

    @Test("external_id or iat missing -> claim_missing, vendor invalidAccessToken")
    func claimMissing() throws {
        for claim in ["external_id", "iat"] {
            let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims([claim: .null])))
            #expect(error.code == .claimMissing)
            #expect(error.field == claim)
            #expect(error.vendorCode == "invalidAccessToken")
        }
    }

    @Test("iat or exp not an integer, external_id not a string, exp before iat -> claim_invalid")
    func claimInvalid() throws {
        let cases: [[String: JSONValue]] = [
            ["iat": "now"], ["exp": 1.5], ["external_id": 7], ["exp": .int(ZendeskChatFixture.start - 1)],
        ]
        for overrides in cases {
            let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(overrides)))
            #expect(error.code == .claimInvalid, "\(overrides)")
            #expect(error.vendorCode == "invalidAccessToken")
        }
    }

    @Test("external_id: 200 characters pass, 201 -> value_too_long (\"Max length is 200 characters\")")
    func externalIdLength() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let ok = String(repeating: "a", count: ZendeskChatLimits.externalIdMaxLength)
        #expect(
            try issuer.verify(ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(ok)])), for: nil).claims[
                "external_id"]
                == .string(ok))
        let long = String(repeating: "a", count: 201)
        let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(long)])))
        #expect(error.code == .valueTooLong)
        #expect(error.field == "external_id")
        #expect(error.vendorCode == "invalidAccessToken")
    }

    @Test("external_id empty or with spaces -> invalid_identifier")
    func externalIdInvalid() throws {
        for value in ["", "user 1", "user-1\n"] {
            let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(value)])))
            #expect(error.code == .invalidIdentifier)
        }
    }

    @Test("iat exactly 2 minutes in the future passes (\"up to two minutes clock skew\")")
    func skewEdgeAccepted() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let iat = ZendeskChatFixture.start + 120
        _ = try issuer.verify(ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: iat, exp: iat + 300)), for: nil)
    }

    @Test("iat 2 minutes and 1 second in the future -> token_not_yet_valid")
    func skewEdgeRefused() throws {
        let iat = ZendeskChatFixture.start + 121
        let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: iat, exp: iat + 300)))
        #expect(error.code == .tokenNotYetValid)
        #expect(error.field == "iat")
        #expect(error.vendorCode == "invalidAccessToken")
    }

    @Test("exp exactly 7 minutes after iat passes; 7 minutes and 1 second -> token_lifetime_too_long")
    func lifetimeEdge() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        _ = try issuer.verify(ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: ZendeskChatFixture.start + 420)), for: nil)
        let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: ZendeskChatFixture.start + 421)))
        #expect(error.code == .tokenLifetimeTooLong)
        #expect(error.vendorCode == "invalidAccessToken")
    }

    @Test("expired at exp (one second before passes) -> token_expired, vendor tokenHasExpired")
    func expiry() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: ZendeskChatFixture.start + 300))
        clock.advance(by: 299)
        _ = try issuer.verify(token, for: nil)
        clock.advance(by: 1)
        let error = try verifyError(token)
        #expect(error.code == .tokenExpired)
        #expect(error.vendorCode == "tokenHasExpired")
    }

    @Test("exp is optional: without it the token expires 7 minutes after iat")
    func noExp() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: nil))
        clock.advance(by: 419)
        #expect(try issuer.verify(token, for: nil).claims["exp"] == nil)
        clock.advance(by: 1)
        #expect(try verifyError(token).code == .tokenExpired)
    }

    @Test("a different external_id than the visitor's bound one -> external_id_changed, vendor externalUserIdHasChanged")
    func externalIdChanged() throws {
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims())
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        _ = try issuer.verify(token, for: UserIdentity(userId: "user-123456"))
        let error = try verifyError(token, user: UserIdentity(userId: "user-999"))
        #expect(error.code == .externalIdChanged)
        #expect(error.vendorCode == "externalUserIdHasChanged")
    }

    @Test("errors never contain the secret")
    func noSecretInErrors() throws {
        let error = try verifyError(ZendeskChatFixture.token(ZendeskChatFixture.claims(), secret: ZendeskChatFixture.otherSecret))
        #expect(!error.description.contains(ZendeskChatFixture.secret.revealed))
        #expect(!error.json.jsonString.contains(ZendeskChatFixture.otherSecret.revealed))
    }
}
