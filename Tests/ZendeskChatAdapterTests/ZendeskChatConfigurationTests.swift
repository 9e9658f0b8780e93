import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

@Suite("zendesk-chat configuration")
struct ZendeskChatConfigurationTests {
    let environment = ConfigEnvironment(variables: [
        "CHAT_KEY": ZendeskChatFixture.accountKey.revealed, "CHAT_SECRET": ZendeskChatFixture.secret.revealed,
    ])

    func load(_ extra: String) throws(ConfigurationError) -> IdentityConfiguration {
        let yaml = """
            apps:
              demo:
                providers:
                  - kind: zendesk-chat
                    account_key: ${CHAT_KEY}
                    secret: ${CHAT_SECRET}
            \(extra)
            """
        return try TestConfiguration.load(yaml: yaml, environment: environment)
    }

    @Test("token_lifetime defaults to 5 minutes")
    func defaults() throws {
        let settings = try #require(try load("").instance(app: "demo", provider: "zendesk-chat").settings as? ZendeskChatSettings)
        #expect(settings.tokenLifetime == 300)
        #expect(settings.accountKey == ZendeskChatFixture.accountKey)
        #expect(settings.secret == ZendeskChatFixture.secret)
    }

    @Test("token_lifetime of exactly 7m is accepted")
    func sevenMinutes() throws {
        let settings = try #require(
            try load("        token_lifetime: 7m").instance(app: "demo", provider: "zendesk-chat").settings as? ZendeskChatSettings)
        #expect(settings.tokenLifetime == 420)
    }

    @Test("token_lifetime over 7 minutes is a configuration error (\"up to a maximum of 7 minutes\")")
    func overSevenMinutes() throws {
        for value in ["421", "8m", "1h"] {
            let error = #expect(throws: ConfigurationError.self) { try load("        token_lifetime: \(value)") }
            #expect(error?.description.contains("token_lifetime") == true)
        }
    }

    @Test("a missing secret or account key, a literal secret, or an unknown key is reported")
    func invalid() throws {
        let yaml = """
            apps:
              demo:
                providers:
                  - kind: zendesk-chat
                    secret: literal-secret
                    colour: blue
            """
        let error = #expect(throws: ConfigurationError.self) {
            try TestConfiguration.load(yaml: yaml, environment: environment, file: "t.yaml")
        }
        let text = error?.description ?? ""
        #expect(text.contains("account_key"))
        #expect(text.contains("literal secret"))
        #expect(text.contains("colour"))
        #expect(!text.contains("literal-secret"))
    }

    @Test("the configured provider works against the simulator")
    func endToEnd() async throws {
        let configuration = try load("")
        let vendors = SimulatedVendors(clock: ManualClock(unixSeconds: ZendeskChatFixture.start))
        let provider = try configuration.makeProvider(app: "demo", provider: "zendesk-chat", context: vendors.context())
        let session = try await provider.login(ZendeskChatFixture.ann)
        #expect(session.user.isAuthenticated)
        #expect(session.user.externalId == "user-123456")
        let simulator = try #require(vendors.simulator(app: "demo", provider: "zendesk-chat"))
        #expect(await simulator.userCount() == 1)
        let issuer = try configuration.makeIssuer(app: "demo", provider: "zendesk-chat", context: IssuerContext(clock: vendors.clock))
        #expect(issuer.provider.kind == .zendeskChat)
        let jwt = try #require(try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")).jwt)
        #expect(
            try ZendeskChatIssuer(
                settings: #require(configuration.instance(app: "demo", provider: "zendesk-chat").settings as? ZendeskChatSettings),
                clock: vendors.clock
            ).verify(jwt, for: nil).claims["external_id"] == "u-1")
    }

    @Test("makeProvider without a Chat port -> configuration_invalid")
    func noPort() throws {
        let configuration = try load("")
        let error = #expect(throws: IdentityError.self) {
            try configuration.makeProvider(app: "demo", provider: "zendesk-chat", context: ProviderContext())
        }
        #expect(error?.code == .configurationInvalid)
    }
}
