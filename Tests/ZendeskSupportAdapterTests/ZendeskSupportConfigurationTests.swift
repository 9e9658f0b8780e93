import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import JWTKit
import Testing
import ZendeskSupportAdapter

@Suite("zendesk-support configuration and jwt-kit interoperability")
struct ZendeskSupportConfigurationTests {
    let environment = ConfigEnvironment(variables: ["ZD_SECRET": ZendeskSupportFixture.secret.revealed])

    func load(_ body: String) throws(ConfigurationError) -> IdentityConfiguration {
        try TestConfiguration.load(yaml: TestConfiguration.demo(kind: "zendesk-support", body), environment: environment, file: "t.yaml")
    }

    @Test("auth: jwt with secret; user_token_lifetime defaults to 10m; user_token_secret optional")
    func jwtSettings() throws {
        let settings = try #require(
            try load("        auth: jwt\n        secret: ${ZD_SECRET}\n").instance(app: "demo", provider: "zendesk-support").settings
                as? ZendeskSupportSettings)
        #expect(settings.auth == .jwt && settings.userTokenLifetime == 600 && settings.userTokenSecret == nil)
        #expect(settings.userTokenKey == ZendeskSupportSettings.deriveUserTokenKey(from: ZendeskSupportFixture.secret))
        let custom = try #require(
            try load(
                "        auth: jwt\n        secret: ${ZD_SECRET}\n        user_token_lifetime: 2m\n        user_token_secret: ${ZD_SECRET}\n"
            )
            .instance(app: "demo", provider: "zendesk-support").settings as? ZendeskSupportSettings)
        #expect(custom.userTokenLifetime == 120 && custom.userTokenSecret == ZendeskSupportFixture.secret)
    }

    @Test("auth is required and must be anonymous or jwt; jwt requires secret; anonymous needs none")
    func invalid() throws {
        #expect(
            (#expect(throws: ConfigurationError.self) { try load("        secret: ${ZD_SECRET}\n") })?.description.contains("auth") == true)
        #expect(
            (#expect(throws: ConfigurationError.self) { try load("        auth: sso\n") })?.description.contains("anonymous, jwt") == true)
        #expect((#expect(throws: ConfigurationError.self) { try load("        auth: jwt\n") })?.description.contains("secret") == true)
        #expect(
            (#expect(throws: ConfigurationError.self) {
                try load("        auth: jwt\n        secret: ${ZD_SECRET}\n        user_token_lifetime: 0\n")
            }) != nil)
        let anonymous = try load("        auth: anonymous\n")
        #expect((anonymous.apps.first?.providers.first?.settings as? ZendeskSupportSettings)?.auth == .anonymous)
    }

    @Test("the configured provider logs in against the simulator")
    func endToEnd() async throws {
        let configuration = try load("        auth: jwt\n        secret: ${ZD_SECRET}\n")
        let vendors = SimulatedVendors(clock: ManualClock(unixSeconds: ZendeskSupportFixture.start))
        let provider = try configuration.makeProvider(app: "demo", provider: "zendesk-support", context: vendors.context())
        #expect(try await provider.login(ZendeskSupportFixture.ann).user.externalId == "u-1")
        let exchanger = try configuration.makeTokenExchanger(
            app: "demo", provider: "zendesk-support", context: IssuerContext(clock: vendors.clock))
        #expect(exchanger.exchangeFormField == "user_token")
        let noPort = #expect(throws: IdentityError.self) {
            try configuration.makeProvider(app: "demo", provider: "zendesk-support", context: ProviderContext())
        }
        #expect(noPort?.code == .configurationInvalid)
    }

    struct SupportPayload: JWTPayload, Equatable {
        var jti: String
        var iat: Int
        var name: String
        var email: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var external_id: String?
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    func keys() async -> JWTKeyCollection { await jwtKitKeys(hs256: [("k1", ZendeskSupportFixture.secret.revealedBytes)]) }

    @Test("an exchanged JWT verifies with jwt-kit")
    func oursWithJWTKit() async throws {
        let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        let jwt = try issuer.exchange(userToken: try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"]))
        let payload = try await keys().verify(jwt, as: SupportPayload.self)
        #expect(payload.name == "Ann" && payload.email == "ann@example.com" && payload.external_id == "u-1")
        #expect(payload.iat == Int(ZendeskSupportFixture.start) && !payload.jti.isEmpty)
    }

    @Test("a JWT minted with jwt-kit verifies here")
    func jwtKitHere() async throws {
        let token = try await keys().sign(
            SupportPayload(jti: "abc", iat: Int(ZendeskSupportFixture.start), name: "Ann", email: "ann@example.com", external_id: "u-9"),
            kid: JWKIdentifier(string: "k1"))
        let verified = try ZendeskSupportFixture.issuer(clock: ManualClock(unixSeconds: ZendeskSupportFixture.start)).verify(
            token, for: nil)
        #expect(verified.claims["external_id"] == "u-9" && verified.claims["jti"] == "abc")
    }
}
