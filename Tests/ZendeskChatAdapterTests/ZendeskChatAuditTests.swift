import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

/// Audit: hostile inputs against the Chat issuer, verifier and simulator. Nothing may trap
/// (integer overflow on iat/exp arithmetic included); every refusal is a uniform failure.
@Suite("Zendesk Chat audit: hostile inputs")
struct ZendeskChatAuditTests {
    static let start = ZendeskChatFixture.start

    /// Extreme `iat` / `exp` values and the check that must refuse them.
    /// "iat: Integer value of the current timestamp ... permits up to two minutes clock skew";
    /// "exp ... permitted to be up to a maximum of 7 minutes from the iat value".
    static let extremes: [(label: String, iat: Int64, exp: Int64?, reason: ZendeskChatFailureReason)] = [
        ("iat min, exp max", .min, .max, .lifetimeTooLong),
        ("iat min, no exp", .min, nil, .tokenExpired),
        ("iat min, exp min", .min, .min, .tokenExpired),
        ("iat min, exp -1", .min, -1, .lifetimeTooLong),
        ("iat max, exp max", .max, .max, .issuedInFuture),
        ("iat max, no exp", .max, nil, .issuedInFuture),
        ("iat -1, no exp", -1, nil, .tokenExpired),
        ("iat 0, exp 0", 0, 0, .tokenExpired),
        ("iat now, exp max", start, .max, .lifetimeTooLong),
    ]

    @Test("extreme iat/exp never trap: the verifier and the simulator refuse them with the same check", arguments: 0..<extremes.count)
    func extremeTimes(index: Int) async throws {
        let (label, iat, exp, reason) = Self.extremes[index]
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: iat, exp: exp))
        let issuer = try ZendeskChatFixture.issuer(clock: ManualClock(unixSeconds: Self.start))
        let error = #expect(throws: IdentityError.self, "verifier on \(label)") { try issuer.verify(token, for: nil) }
        #expect(error?.code == reason.uniformCode, "verifier on \(label)")
        #expect(error?.message.isEmpty == false)

        let simulator = ZendeskChatSimulator(
            accountKey: ZendeskChatFixture.accountKey, sharedSecret: ZendeskChatFixture.secret, clock: ManualClock(unixSeconds: Self.start))
        await simulator.initialize(accountKey: ZendeskChatFixture.accountKey.revealed)
        let connection = await simulator.connect(jwt: token, visitorInfo: nil)
        #expect(connection.failure?.reason == reason, "simulator on \(label)")
        #expect(!connection.visitor.isAuthenticated)
    }

    @Test("extreme clock values never trap in the validator")
    func extremeNow() {
        let validator = ZendeskChatTokenValidator(secret: ZendeskChatFixture.secret)
        for now in [Int64.min, -1, 0, Int64.max] {
            for (iat, exp) in [(Int64.min, Int64?.none), (Int64.max, nil), (Self.start, Self.start + 300), (Int64.min, Int64.max)] {
                let token = ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: iat, exp: exp))
                // A token issued exactly `now` is valid; every other extreme must be refused.
                if case .success = validator.check(token, now: now, boundExternalId: nil), iat != Self.start, iat != now {
                    Issue.record("iat \(iat) exp \(String(describing: exp)) accepted at now \(now)")
                }
            }
        }
    }

    @Test("a claims value with iat near Int64.max and no exp saturates its effective expiry instead of trapping")
    func effectiveExpirySaturates() {
        let claims = ZendeskChatClaims(name: "Ann", email: "ann@example.com", externalId: "u", issuedAt: .max - 1, expiresAt: nil)
        #expect(claims.effectiveExpiry == .max)
        let normal = ZendeskChatClaims(name: "Ann", email: "ann@example.com", externalId: "u", issuedAt: 100, expiresAt: nil)
        #expect(normal.effectiveExpiry == 100 + ZendeskChatLimits.maxLifetime)
    }

    @Test("mint with an issuedAt whose exp would overflow -> claim_invalid on iat, not a trap")
    func mintOverflow() throws {
        let issuer = try ZendeskChatFixture.issuer(clock: ManualClock(unixSeconds: Self.start))
        let error = #expect(throws: IdentityError.self) { try issuer.mint(for: ZendeskChatFixture.ann, issuedAt: .max) }
        #expect(error?.code == .claimInvalid)
        #expect(error?.field == "iat")
        #expect(error?.recovery?.isEmpty == false)
        // The largest issuedAt that still fits mints normally.
        let token = try issuer.mint(for: ZendeskChatFixture.ann, issuedAt: .max - issuer.tokenLifetime)
        #expect(!token.isEmpty)
    }

    /// Tokens whose claims are hostile; each must be refused by both the verifier and the simulator.
    static let hostile: [(label: String, token: String)] = [
        ("iat as float", ZendeskChatFixture.token(ZendeskChatFixture.claims(["iat": .double(1_767_225_600.5)]))),
        ("iat as string", ZendeskChatFixture.token(ZendeskChatFixture.claims(["iat": "1767225600"]))),
        ("exp as float", ZendeskChatFixture.token(ZendeskChatFixture.claims(["exp": .double(1_767_225_900.5)]))),
        ("exp as string", ZendeskChatFixture.token(ZendeskChatFixture.claims(["exp": "1767225900"]))),
        ("iat as bool", ZendeskChatFixture.token(ZendeskChatFixture.claims(["iat": true]))),
        (
            "name nested object",
            ZendeskChatFixture.token(ZendeskChatFixture.claims(["name": .object(["a": .array([.object(["b": "c"])])])]))
        ),
        ("email array", ZendeskChatFixture.token(ZendeskChatFixture.claims(["email": .array(["ann@example.com"])]))),
        ("external_id number", ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .int(123_456)]))),
        ("empty name", ZendeskChatFixture.token(ZendeskChatFixture.claims(["name": ""]))),
        ("whitespace name", ZendeskChatFixture.token(ZendeskChatFixture.claims(["name": " \t\u{3000} "]))),
        ("empty email", ZendeskChatFixture.token(ZendeskChatFixture.claims(["email": ""]))),
        ("empty external_id", ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": ""]))),
        ("whitespace external_id", ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": "user 1"]))),
        (
            "201 emoji external_id",
            ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(String(repeating: "👩‍💻", count: 201))]))
        ),
        (
            "100 KB external_id",
            ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(String(repeating: "x", count: 100_000))]))
        ),
        ("duplicate external_id", duplicateClaimToken()),
        ("deeply nested payload", nestedToken(depth: 10_000)),
        ("huge garbage", String(repeating: "a.", count: 40_000) + "a"),
        ("three empty parts", ".."),
        ("unicode garbage", "é.ü.☃"),
    ]

    /// `{"name":"Ann","email":"ann@example.com","external_id":"a","external_id":"b","iat":...}`, validly signed.
    static func duplicateClaimToken() -> String {
        let payload =
            "{\"name\":\"Ann\",\"email\":\"ann@example.com\",\"external_id\":\"a\",\"external_id\":\"b\",\"iat\":\(start),\"exp\":\(start + 300)}"
        return HS256Signer(secret: ZendeskChatFixture.secret).sign(payload: Array(payload.utf8))
    }

    /// A validly signed payload nested `depth` arrays deep inside `name`.
    static func nestedToken(depth: Int) -> String {
        let payload =
            "{\"name\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + ",\"email\":\"ann@example.com\",\"external_id\":\"a\",\"iat\":\(start)}"
        return HS256Signer(secret: ZendeskChatFixture.secret).sign(payload: Array(payload.utf8))
    }

    @Test("hostile claims never trap and are refused by the verifier and the simulator", arguments: 0..<hostile.count)
    func hostileClaims(index: Int) async throws {
        let (label, token) = Self.hostile[index]
        let clock = ManualClock(unixSeconds: Self.start)
        let issuer = try ZendeskChatFixture.issuer(clock: clock)
        let error = #expect(throws: IdentityError.self, "verifier on \(label)") { try issuer.verify(token, for: nil) }
        #expect(error?.vendorCode != nil, "verifier on \(label): every Chat failure names the SDK error")
        #expect(error?.field != nil)
        #expect(error?.recovery?.isEmpty == false)
        #expect(error.map { !$0.message.contains(ZendeskChatFixture.secret.revealed) } ?? true)

        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let loginError = await #expect(throws: IdentityError.self, "provider on \(label)") {
            _ = try await provider.login(credential: .jwt(token))
        }
        #expect(loginError != nil)
        #expect(simulator.authenticationFailures.count == 1, "simulator on \(label)")
        #expect(recorder.names.suffix(3) == [.authenticationFailed, .fellBackToAnonymous, .loginFailed], "\(label)")
        #expect(await provider.currentUser()?.isAuthenticated == false)
    }

    @Test("an external_id of 200 emoji (200 characters) is accepted by the verifier and the simulator")
    func unicodeExternalIdAtLimit() async throws {
        let id = String(repeating: "👩‍💻", count: ZendeskChatLimits.externalIdMaxLength)
        let token = ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(id)]))
        let clock = ManualClock(unixSeconds: Self.start)
        let verified = try ZendeskChatFixture.issuer(clock: clock).verify(token, for: nil)
        #expect(verified.claims["external_id"] == .string(id))
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let session = try await provider.login(credential: .jwt(token))
        #expect(session.user.externalId == id)
    }

    @Test("token_lifetime over 7 minutes is reported at the value's line and column")
    func lifetimeErrorPosition() throws {
        let yaml = """
            apps:
              demo:
                providers:
                  - kind: zendesk-chat
                    account_key: ${CHAT_KEY}
                    secret: ${CHAT_SECRET}
                    token_lifetime: 8m
            """
        let environment = ConfigEnvironment(variables: [
            "CHAT_KEY": ZendeskChatFixture.accountKey.revealed, "CHAT_SECRET": ZendeskChatFixture.secret.revealed,
        ])
        let error = #expect(throws: ConfigurationError.self) {
            try TestConfiguration.load(yaml: yaml, environment: environment, file: "chat.yaml")
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(error?.diagnostics.count == 1)
        #expect(diagnostic.file == "chat.yaml")
        #expect(diagnostic.line == 7)
        #expect(diagnostic.column == 25)
        #expect(diagnostic.message.contains("token_lifetime"))
        #expect(diagnostic.message.contains("7m"))
        #expect(!diagnostic.description.contains(ZendeskChatFixture.secret.revealed))
    }
}
