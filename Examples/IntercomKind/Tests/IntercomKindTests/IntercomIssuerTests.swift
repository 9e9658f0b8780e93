import IdentityBridge
import IntercomKind
import IntercomSimulator
import Testing

@Suite struct IntercomIssuerTests {
    let clock = ManualClock(unixSeconds: 1_767_225_600)

    func issuer(_ name: String) throws -> IntercomIssuer {
        let configuration = try Fixtures.configuration()
        let settings = try #require(configuration.instance(app: "demo", provider: name).settings as? IntercomSettings)
        return IntercomIssuer(settings: settings, provider: ProviderReference(kind: .intercom, name: name), clock: clock)
    }

    @Test func theUserHashCoversTheUserIdElseTheEmailAndTheSimulatorAgrees() async throws {
        let issuer = try issuer("intercom")
        let simulator = IntercomSimulator(secret: Array("dev-only-intercom-web-secret-0123456789abcdef".utf8), clock: clock)
        for user in [UserIdentity(userId: "u-1", email: "ann@example.com"), UserIdentity(email: "bob@example.com")] {
            let credential = try issuer.issue(for: user)
            let hash = try #require(credential["user_hash"])
            #expect(hash.count == 64 && hash == hash.lowercased())
            await simulator.setUserHash(hash)
            let login = await simulator.loginUser(userId: user.userId, email: user.email)
            #expect((try? login.get())?.userId == user.userId)
            #expect(try issuer.verify(hash, for: user).keyID == "web")
        }
        // The iOS secret verifies too (named as the key id); an iOS hash is refused by a web Messenger.
        let ios = try issuer.userHash(for: UserIdentity(userId: "u-1"), platform: .ios)
        #expect(try issuer.verify(ios, for: UserIdentity(userId: "u-1")).keyID == "ios")
        await simulator.setUserHash(ios)
        let refused = await simulator.loginUser(userId: "u-1", email: nil)
        guard case .failure(let failure) = refused else {
            Issue.record("a web Messenger accepted an iOS user_hash")
            return
        }
        #expect(failure.reason == .userHashMismatch)
    }

    @Test func everyFailureHasItsUniformCode() throws {
        let issuer = try issuer("intercom")
        func code(_ body: () throws -> Void) -> (String, String?, String?) {
            do { try body() } catch {
                guard let error = error as? IdentityError else { return ("not an IdentityError", nil, nil) }
                return (error.code.rawValue, error.vendorCode, error.field)
            }
            return ("none", nil, nil)
        }
        #expect(code { _ = try issuer.issue(for: UserIdentity(name: "Ann")) } == ("missing_identifier", "user_id_missing", "userId"))
        #expect(code { _ = try issuer.issue(for: UserIdentity(userId: " u-1")) } == ("invalid_identifier", "identifier_invalid", "userId"))
        #expect(
            code { _ = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann")) } == ("invalid_email", "email_invalid", "email"))
        let user = UserIdentity(userId: "u-1")
        #expect(code { _ = try issuer.verify("", for: user) } == ("token_missing", "credential_missing", "user_hash"))
        #expect(
            code { _ = try issuer.verify(String(repeating: "A", count: 64), for: user) } == (
                "token_malformed", "user_hash_malformed", "user_hash"
            ))
        #expect(
            code { _ = try issuer.verify(String(repeating: "a", count: 64), for: user) } == (
                "token_invalid", "user_hash_mismatch", "user_hash"
            ))

        let jwt = try self.issuer("intercom-jwt")
        #expect(
            code { _ = try jwt.issue(for: UserIdentity(email: "ann@example.com")) } == ("missing_identifier", "user_id_missing", "userId"))
        let token = try #require(try jwt.issue(for: user).jwt)
        #expect(try jwt.verify(token, for: nil).claims["user_id"] == "u-1")
        #expect(try jwt.verify(token, for: nil).keyID == "ios")
        #expect(code { _ = try jwt.verify("x.y", for: nil) } == ("token_malformed", "jwt_malformed", "jwt"))
        clock.advance(by: 600)
        #expect(code { _ = try jwt.verify(token, for: nil) } == ("token_expired", "jwt_expired", "exp"))
    }

    @Test func anEmailOverTheCeilingIsTheSameValueTooLongWhenIssuingAndWhenVerifying() throws {
        let long = String(repeating: "a", count: UserIdentity.Limits.emailMaxBytes) + "@example.com"
        func error(_ body: () throws -> Void) -> IdentityError? {
            do { try body() } catch { return error as? IdentityError }
            return nil
        }
        // user_hash mode: the hash covers the user_id only, so a hash of that user is otherwise valid.
        let hash = try issuer("intercom")
        let user = UserIdentity(userId: "u-1", email: long)
        let issued = try #require(error { _ = try hash.issue(for: user) })
        #expect(issued.code == .valueTooLong && issued.field == "email")
        let userHash = try hash.userHash(for: user)
        #expect(error { _ = try hash.verify(userHash, for: user) } == issued)

        // jwt mode: a JWT signed with the iOS secret whose email claim is over the ceiling.
        let jwt = try issuer("intercom-jwt")
        let jwtIssued = try #require(error { _ = try jwt.issue(for: user) })
        #expect(jwtIssued.code == .valueTooLong && jwtIssued.field == "email")
        let signer = HS256Signer(secret: Secret("dev-only-intercom-ios-secret-0123456789abcdef"))
        let token = signer.sign { claims in
            claims.add("user_id", "u-1")
            claims.add("email", long)
            claims.add("exp", clock.unixSeconds() + 600)
        }
        #expect(error { _ = try jwt.verify(token, for: nil) } == jwtIssued)
    }
}
