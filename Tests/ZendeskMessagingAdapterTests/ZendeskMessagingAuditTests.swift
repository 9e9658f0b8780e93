import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

/// Audit: hostile inputs against the Messaging issuer, verifier, expiry check, provider and
/// simulator; nothing may trap, every refusal is a uniform failure.
@Suite("Zendesk Messaging audit: hostile inputs")
struct ZendeskMessagingAuditTests {
    @Test("the expiry check never traps on extreme exp or now ('exp: Integer value of the expiry timestamp')")
    func expiryCheckExtremes() {
        func check(exp: Int64, now: Int64) -> ZendeskMessagingExpiryCheck {
            ZendeskMessagingExpiryCheck.evaluate(
                jwt: ZendeskMessagingFixture.forge(
                    header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: exp)), now: now, margin: 300)
        }
        #expect(check(exp: .min, now: ZendeskMessagingFixture.start) == .expired)
        #expect(check(exp: .min, now: .max) == .expired)
        #expect(check(exp: .max, now: .min) == .valid(secondsLeft: .max))
        #expect(check(exp: .max, now: -1) == .valid(secondsLeft: .max))
        #expect(check(exp: .max, now: .max) == .expired)
        #expect(check(exp: ZendeskMessagingFixture.start + 10, now: ZendeskMessagingFixture.start) == .expiresSoon(secondsLeft: 10))
        #expect(check(exp: ZendeskMessagingFixture.start + 301, now: ZendeskMessagingFixture.start) == .valid(secondsLeft: 301))
        #expect(check(exp: ZendeskMessagingFixture.start, now: ZendeskMessagingFixture.start) == .expired)
    }

    @Test(
        "login with exp = Int64.min fails as expiredJWT instead of trapping; exp = Int64.max is token_lifetime_too_long (max_token_lifetime), not a token that never expires"
    )
    func loginWithExtremeExp() async throws {
        let session = try Session()
        let past = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: .min))
        let error = await identityError { _ = try await session.provider.login(credential: .jwt(past)) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == ZendeskMessagingVendorCode.expiredJWT)
        let future = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: .max))
        let refused = await identityError { _ = try await session.provider.login(credential: .jwt(future)) }
        #expect(refused?.code == .tokenLifetimeTooLong)
        #expect(refused?.vendorCode == ZendeskMessagingVendorCode.lifetimeTooLong)
        let bounded = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader,
            claims: ZendeskMessagingFixture.claims(exp: ZendeskMessagingFixture.start + ZendeskMessagingLimits.defaultMaxTokenLifetime))
        let result = try await session.provider.login(credential: .jwt(bounded))
        #expect(result.user.isAuthenticated)
    }

    /// Hostile tokens (validly signed with key app_A unless the header is the point); each must be
    /// refused by the verifier and the simulator with the same uniform code.
    static let hostile: [(label: String, token: String, code: IdentityError.Code)] = {
        func with(_ overrides: [String: JSONValue]) -> String {
            var claims = ZendeskMessagingFixture.claims()
            for (key, value) in overrides { claims[key] = value }
            return ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: claims)
        }
        func header(_ overrides: [String: JSONValue]) -> String {
            var header = ZendeskMessagingFixture.goodHeader
            for (key, value) in overrides { header[key] = value }
            return ZendeskMessagingFixture.forge(header: header, claims: ZendeskMessagingFixture.claims())
        }
        func signed(_ payload: String) -> String {
            let head = Base64URL.encode(Array(JSONValue.object(ZendeskMessagingFixture.goodHeader).jsonString.utf8))
            let body = Base64URL.encode(Array(payload.utf8))
            return
                "\(head).\(body).\(Base64URL.encode(HMACDigest.sha256(Array("\(head).\(body)".utf8), secret: ZendeskMessagingFixture.secretA)))"
        }
        return [
            ("exp as float", with(["exp": .double(1_767_229_200.5)]), .claimInvalid),
            ("exp as string", with(["exp": "1767229200"]), .claimInvalid),
            ("scope nested", with(["scope": .object(["user": .array(["user"])])]), .claimInvalid),
            ("scope empty", with(["scope": ""]), .claimInvalid),
            ("scope User", with(["scope": "User"]), .claimInvalid),
            ("external_id number", with(["external_id": .int(42)]), .claimInvalid),
            ("external_id empty", with(["external_id": ""]), .claimInvalid),
            ("external_id 256 emoji", with(["external_id": .string(String(repeating: "👩‍💻", count: 256))]), .valueTooLong),
            ("email_verified string", with(["email_verified": "true"]), .claimInvalid),
            ("name object", with(["name": .object([:])]), .claimInvalid),
            ("kid number", header(["kid": .int(1)]), .keyUnknown),
            ("kid empty", header(["kid": ""]), .keyUnknown),
            ("alg none", header(["alg": "none"]), .algorithmNotAllowed),
            ("alg lowercase", header(["alg": "hs256"]), .algorithmNotAllowed),
            ("duplicate external_id", signed("{\"scope\":\"user\",\"external_id\":\"a\",\"external_id\":\"b\"}"), .tokenMalformed),
            (
                "nested payload",
                signed(
                    "{\"scope\":\"user\",\"external_id\":\"a\",\"x\":" + String(repeating: "[", count: 5_000)
                        + String(repeating: "]", count: 5_000) + "}"), .tokenMalformed
            ),
            ("three empty parts", "..", .tokenMalformed),
            ("unicode garbage", "é.ü.☃", .tokenMalformed),
        ]
    }()

    @Test("hostile tokens never trap; the verifier and the simulator refuse them with the same uniform code", arguments: 0..<hostile.count)
    func hostileTokens(index: Int) async throws {
        let (label, token, code) = Self.hostile[index]
        let session = try Session()
        let verifyError = syncIdentityError { _ = try session.provider.issuer.verify(token, for: nil) }
        #expect(verifyError?.code == code, "verifier on \(label)")
        #expect(verifyError?.recovery?.isEmpty == false)
        #expect(verifyError.map { !$0.message.contains(ZendeskMessagingFixture.secretA.revealed) } ?? true)
        let loginError = await identityError { _ = try await session.provider.login(credential: .jwt(token)) }
        #expect(loginError?.code == code, "simulator on \(label)")
        #expect(loginError?.vendorCode != nil)
        #expect(session.names == [.authenticationFailed, .fellBackToAnonymous, .loginFailed], "\(label)")
    }

    @Test("an external_id of 255 emoji (255 characters) is accepted end to end")
    func unicodeExternalIdAtLimit() async throws {
        let session = try Session()
        let id = String(repeating: "👩‍💻", count: ZendeskMessagingLimits.externalIdMaxLength)
        let result = try await session.provider.login(UserIdentity(userId: id))
        #expect(result.user.externalId == id)
    }

    @Test("more than 10 signing keys is reported at the signing_keys list's line and column")
    func keyLimitPosition() throws {
        var yaml = "apps:\n  demo:\n    providers:\n      - kind: zendesk-messaging\n        signing_keys:\n"
        yaml += (1...11).map { "          - key_id: app_\($0)\n            secret: ${S1}\n" }.joined()
        let environment = ConfigEnvironment(variables: ["S1": ZendeskMessagingFixture.secretA.revealed])
        let error = #expect(throws: ConfigurationError.self) {
            try TestConfiguration.load(yaml: yaml, environment: environment, file: "m.yaml")
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(error?.diagnostics.count == 1)
        #expect(diagnostic.file == "m.yaml")
        #expect(diagnostic.line == 6)
        #expect(diagnostic.column == 11)
        #expect(diagnostic.message.contains("11 keys"))
        #expect(diagnostic.message.contains("at most 10"))
        #expect(!diagnostic.description.contains(ZendeskMessagingFixture.secretA.revealed))
    }
}
