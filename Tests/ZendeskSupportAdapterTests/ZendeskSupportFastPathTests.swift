import Foundation
import IdentityBridge
import Testing
import ZendeskSupportAdapter

/// `signJWT(for:)` is the second half of `exchange(userToken:)`; `verify(_:)` applies the
/// checks of `verify(_:for:)` and returns typed claims. Spec: the JWT carries "jti", "iat", "name",
/// "email" and "external_id", HS256 with the shared secret.
@Suite("Zendesk Support fast path: mint / verify")
struct ZendeskSupportFastPathTests {
    let clock = FixedClock(unixSeconds: ZendeskSupportFixture.start)

    @Test("mint signs jti, iat, name, email and external_id; exchange gives the same claims apart from the random jti")
    func mintClaims() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let contents = ZendeskSupportUserToken(
            userId: "u-1", name: "Ann", email: "ann@example.com", issuedAt: ZendeskSupportFixture.start,
            expiresAt: ZendeskSupportFixture.start + 600)
        let token = try issuer.signJWT(for: contents)
        let jwt = try HS256Signer(secret: ZendeskSupportFixture.secret).verify(token)
        let jti = try jwt.requiredString("jti")
        #expect(jti.count == 36 && jti == jti.lowercased())
        #expect(jwt.claimNames == ["jti", "iat", "name", "email", "external_id"])
        #expect(
            jwt.claims == [
                "jti": .string(jti), "iat": .int(ZendeskSupportFixture.start), "name": "Ann", "email": "ann@example.com",
                "external_id": "u-1",
            ])

        let userToken = try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"])
        let exchanged = try DecodedJWT.decode(try issuer.exchange(userToken: userToken))
        var expected = jwt.claims
        expected["jti"] = exchanged.claim("jti")
        #expect(exchanged.claims == expected)
        #expect(try issuer.signJWT(for: contents) != token, "each JWT gets a fresh jti")
    }

    @Test("jti is a random version 4 UUID in lowercase text (8-4-4-4-12 hex), unique per JWT")
    func jtiIsRandomUUID() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let contents = ZendeskSupportUserToken(
            userId: nil, name: "Ann", email: "ann@example.com", issuedAt: ZendeskSupportFixture.start,
            expiresAt: ZendeskSupportFixture.start + 600)
        var seen = Set<String>()
        for _ in 0..<500 {
            let jti = try DecodedJWT.decode(try issuer.signJWT(for: contents)).requiredString("jti")
            let groups = jti.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
            #expect(groups == [8, 4, 4, 4, 12])
            #expect(jti.allSatisfy { "0123456789abcdef-".contains($0) })
            #expect(Array(jti)[14] == "4", "version 4")
            #expect("89ab".contains(Array(jti)[19]), "RFC 4122 variant")
            #expect(UUID(uuidString: jti)?.uuidString.lowercased() == jti)
            seen.insert(jti)
        }
        #expect(seen.count == 500)
    }

    @Test("mint refuses contents without a name (invalid_name) or email (missing_identifier), like exchange")
    func mintErrors() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let noName = ZendeskSupportUserToken(userId: "u-1", name: nil, email: "ann@example.com", issuedAt: 0, expiresAt: 1)
        let noEmail = ZendeskSupportUserToken(userId: "u-1", name: "Ann", email: nil, issuedAt: 0, expiresAt: 1)
        do {
            _ = try issuer.signJWT(for: noName)
            Issue.record("no name accepted")
        } catch { #expect(error.code == .invalidName) }
        do {
            _ = try issuer.signJWT(for: noEmail)
            Issue.record("no email accepted")
        } catch { #expect(error.code == .missingIdentifier) }
        let anonymous = try ZendeskSupportFixture.issuer(.anonymous, clock: clock)
        do {
            _ = try anonymous.signJWT(
                for: ZendeskSupportUserToken(userId: "u-1", name: "Ann", email: "ann@example.com", issuedAt: 0, expiresAt: 1))
            Issue.record("anonymous mode minted a JWT")
        } catch { #expect(error.code == .configurationInvalid) }
    }

    @Test("verify returns the typed claims of a valid JWT and agrees with verify(_:for:)")
    func verifyTyped() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let token = try issuer.signJWT(
            for: ZendeskSupportUserToken(
                userId: "u-1", name: "Ann", email: "ann@example.com", issuedAt: ZendeskSupportFixture.start,
                expiresAt: ZendeskSupportFixture.start + 600)
        )
        let claims = try issuer.verify(token)
        let full = try issuer.verify(token, for: nil)
        #expect(claims.externalId == "u-1")
        #expect(claims.name == "Ann" && claims.email == "ann@example.com")
        #expect(full.claims["jti"] == .string(claims.jti))
        #expect(full.claims["iat"] == .int(claims.issuedAt))
        #expect(full.claims["external_id"] == .string("u-1"))
        // A non-string external_id is not a string external id (and not an error, as in verify(_:for:)).
        let numeric = HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: [
            "jti": "j", "iat": .int(ZendeskSupportFixture.start), "name": "Ann", "email": "ann@example.com", "external_id": 7,
        ])
        #expect(try issuer.verify(numeric).externalId == nil)
        #expect(try issuer.verify(numeric, for: nil).claims["external_id"] == 7)
    }

    @Test("verify fails exactly like verify(_:for:): bad signature, missing jti/iat, no name, bad email")
    func verifyErrors() throws {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let good: [String: JSONValue] = ["jti": "j-1", "iat": .int(ZendeskSupportFixture.start), "name": "Ann", "email": "ann@example.com"]
        func without(_ key: String) -> [String: JSONValue] {
            var c = good
            c[key] = nil
            return c
        }
        var badEmail = good
        badEmail["email"] = "not an email"
        let cases: [(String, IdentityError.Code)] = [
            ("", .tokenMissing),
            ("a.b", .tokenMalformed),
            (HS256Signer(secret: ZendeskSupportFixture.otherSecret).sign(claims: good), .tokenInvalid),
            (HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: without("jti")), .claimMissing),
            (HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: without("iat")), .claimMissing),
            (HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: without("name")), .invalidName),
            (HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: without("email")), .missingIdentifier),
            (HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: badEmail), .invalidEmail),
        ]
        for (token, code) in cases {
            var fast: IdentityError?
            var full: IdentityError?
            do { _ = try issuer.verify(token) } catch { fast = error }
            do { _ = try issuer.verify(token, for: nil) } catch { full = error }
            let error = try #require(fast, "verify accepted a token that must fail with \(code)")
            #expect(error.code == code)
            #expect(error == full)
            #expect(error.provider == ProviderReference(kind: .zendeskSupport))
        }
    }
}
