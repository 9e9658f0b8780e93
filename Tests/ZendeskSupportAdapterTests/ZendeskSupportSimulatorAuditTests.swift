import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

/// Audit: the Support simulator (Zendesk's side) against a hostile JWT endpoint. Zendesk must
/// refuse every bad answer with a uniform error and never trap. "The JWT carries jti, iat, name
/// and email (name and email are required)."
@Suite("Zendesk Support audit: simulator against a hostile JWT endpoint")
struct ZendeskSupportSimulatorAuditTests {
    static let start = ZendeskSupportFixture.start

    static func signed(_ payload: String, secret: Secret = ZendeskSupportFixture.secret) -> String {
        HS256Signer(secret: secret).sign(payload: Array(payload.utf8))
    }

    static let good = "\"jti\":\"j-1\",\"iat\":\(start),\"name\":\"Ann\",\"email\":\"ann@example.com\""

    /// JWTs the endpoint answers with, and the uniform code Zendesk refuses each with.
    static let answers: [(label: String, jwt: String, code: IdentityError.Code)] = [
        ("iat as float", signed("{\"jti\":\"j\",\"iat\":1767225600.5,\"name\":\"Ann\",\"email\":\"ann@example.com\"}"), .claimInvalid),
        ("iat as string", signed("{\"jti\":\"j\",\"iat\":\"1767225600\",\"name\":\"Ann\",\"email\":\"ann@example.com\"}"), .claimInvalid),
        ("iat missing", signed("{\"jti\":\"j\",\"name\":\"Ann\",\"email\":\"ann@example.com\"}"), .claimMissing),
        ("jti missing", signed("{\"iat\":\(start),\"name\":\"Ann\",\"email\":\"ann@example.com\"}"), .claimMissing),
        ("jti number", signed("{\"jti\":7,\"iat\":\(start),\"name\":\"Ann\",\"email\":\"ann@example.com\"}"), .claimInvalid),
        ("name missing", signed("{\"jti\":\"j\",\"iat\":\(start),\"email\":\"ann@example.com\"}"), .invalidName),
        ("email missing", signed("{\"jti\":\"j\",\"iat\":\(start),\"name\":\"Ann\"}"), .missingIdentifier),
        (
            "duplicate jti", signed("{\"jti\":\"a\",\"jti\":\"b\",\"iat\":\(start),\"name\":\"Ann\",\"email\":\"ann@example.com\"}"),
            .tokenMalformed
        ),
        (
            "nested", signed("{" + good + ",\"x\":" + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}"),
            .tokenMalformed
        ),
        ("other secret", signed("{" + good + "}", secret: ZendeskSupportFixture.otherSecret), .tokenInvalid),
        ("alg none", "eyJhbGciOiJub25lIn0.\(Base64URL.encode(Array("{\(good)}".utf8))).", .algorithmNotAllowed),
        ("garbage", "é.ü.☃", .tokenMalformed),
        ("empty", "", .tokenMalformed),
    ]

    @Test("the simulator refuses each hostile JWT with its uniform code and creates no user", arguments: 0..<answers.count)
    func hostileAnswers(index: Int) async throws {
        let (label, jwt, code) = Self.answers[index]
        let simulator = ZendeskSupportSimulator(
            auth: .jwt, sharedSecret: ZendeskSupportFixture.secret, clock: ManualClock(unixSeconds: Self.start))
        simulator.registerJWTEndpoint { _, _ in TokenExchangeEndpoint.Response(status: 200, body: .object(["jwt": .string(jwt)])) }
        let error = await #expect(throws: IdentityError.self, "\(label)") { _ = try await simulator.setIdentity(.jwt(userToken: "t")) }
        #expect(error?.code == code, "\(label)")
        #expect(error?.vendorCode != nil)
        #expect(await simulator.userCount() == 0)
        #expect(await simulator.currentUser() == nil)
    }

    @Test("a valid JWT from the endpoint is accepted (the control case)")
    func validAnswer() async throws {
        let simulator = ZendeskSupportSimulator(
            auth: .jwt, sharedSecret: ZendeskSupportFixture.secret, clock: ManualClock(unixSeconds: Self.start))
        let jwt = Self.signed("{" + Self.good + "}")
        simulator.registerJWTEndpoint { _, _ in TokenExchangeEndpoint.Response(status: 200, body: .object(["jwt": .string(jwt)])) }
        let user = try await simulator.setIdentity(.jwt(userToken: "t"))
        #expect(user.email == "ann@example.com")
        #expect(user.isAuthenticated)
    }

    @Test("non-200 answers and bodies without a jwt string are refused, never trap")
    func badResponses() async throws {
        let responses: [TokenExchangeEndpoint.Response] = [
            .init(status: 401, body: .null), .init(status: 500, body: .array([])),
            .init(status: 401, body: .object(["error": .object(["code": .int(5)])])),
            .init(status: 200, body: .object(["jwt": .int(1)])), .init(status: 200, body: .string("jwt")),
        ]
        for response in responses {
            let simulator = ZendeskSupportSimulator(
                auth: .jwt, sharedSecret: ZendeskSupportFixture.secret, clock: ManualClock(unixSeconds: Self.start))
            simulator.registerJWTEndpoint { _, _ in response }
            let error = await #expect(throws: IdentityError.self) { _ = try await simulator.setIdentity(.jwt(userToken: "é☃ &=%")) }
            #expect(error != nil)
            #expect(await simulator.userCount() == 0)
        }
    }
}
