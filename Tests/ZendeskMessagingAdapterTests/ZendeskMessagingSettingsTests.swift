import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging configuration")
struct ZendeskMessagingSettingsTests {
    let environment = ConfigEnvironment(variables: [
        "S1": ZendeskMessagingFixture.secretA.revealed, "S2": ZendeskMessagingFixture.secretB.revealed,
    ])

    func load(_ providerYAML: String) -> Result<IdentityConfiguration, ConfigurationError> {
        Result { () throws(ConfigurationError) in
            try TestConfiguration.load(yaml: TestConfiguration.demo(kind: "zendesk-messaging", providerYAML), environment: environment)
        }
    }

    func settings(_ yaml: String) throws -> ZendeskMessagingSettings {
        let configuration = try load(yaml).get()
        let instance = try configuration.instance(app: "demo", provider: "zendesk-messaging")
        return try #require(instance.settings as? ZendeskMessagingSettings)
    }

    func messages(_ yaml: String) -> [String] {
        guard case .failure(let error) = load(yaml) else { return [] }
        return error.diagnostics.map(\.message)
    }

    func keys(_ count: Int) -> String {
        (1...count).map { "          - key_id: app_\($0)\n            secret: ${S1}\n" }.joined()
    }

    @Test("defaults: first key active, token_lifetime 1h, conversation_mode single, expiry_warning_margin 5m")
    func defaults() throws {
        let settings = try settings("        signing_keys:\n" + keys(2))
        #expect(settings.activeKeyID == "app_1")
        #expect(settings.signingKeys.map(\.keyID) == ["app_1", "app_2"])
        #expect(settings.tokenLifetime == 3_600)
        #expect(settings.conversationMode == .single)
        #expect(settings.expiryWarningMargin == 300)
        #expect(settings.activeKey.secret == ZendeskMessagingFixture.secretA)
    }

    @Test("every setting read: active_key_id, token_lifetime, conversation_mode multi, expiry_warning_margin")
    func everySetting() throws {
        let settings = try settings(
            """
                    signing_keys:
                      - key_id: app_1
                        secret: ${S1}
                      - key_id: app_2
                        secret: ${S2}
                    active_key_id: app_2
                    token_lifetime: 30m
                    conversation_mode: multi
                    expiry_warning_margin: 90s

            """)
        #expect(settings.activeKey.secret == ZendeskMessagingFixture.secretB)
        #expect(settings.tokenLifetime == 1_800)
        #expect(settings.conversationMode == .multi)
        #expect(settings.expiryWarningMargin == 90)
    }

    @Test("10 signing keys are allowed; 11 is a config error naming the limit of 10")
    func keyLimit() throws {
        #expect(try settings("        signing_keys:\n" + keys(ZendeskMessagingLimits.maxSigningKeys)).signingKeys.count == 10)
        let errors = messages("        signing_keys:\n" + keys(11))
        #expect(errors.count == 1)
        #expect(errors.first?.contains("at most 10") == true)
        #expect(throws: IdentityError.self) {
            try ZendeskMessagingSettings(
                signingKeys: (1...11).map { ZendeskMessagingSigningKey(keyID: "k\($0)", secret: ZendeskMessagingFixture.secretA) })
        }
    }

    @Test("signing_keys is required and may not be empty")
    func keysRequired() {
        #expect(messages("        token_lifetime: 1h\n").contains { $0.contains("signing_keys") })
        #expect(messages("        signing_keys: []\n").contains { $0.contains("empty") })
    }

    @Test("duplicate key ids, a missing key_id or secret, and a literal secret are config errors")
    func keyEntries() {
        #expect(messages("        signing_keys:\n" + keys(1) + keys(1)).contains { $0.contains("listed twice") })
        #expect(messages("        signing_keys:\n          - secret: ${S1}\n").contains { $0.contains("key_id") })
        #expect(messages("        signing_keys:\n          - key_id: app_1\n").contains { $0.contains("secret") })
        #expect(
            messages("        signing_keys:\n          - key_id: app_1\n            secret: plain-text\n").contains {
                $0.contains("literal secret")
            })
        #expect(
            messages("        signing_keys:\n          - key_id: app_1\n            secret: ${S1}\n            kid: x\n").contains {
                $0.contains("unknown setting 'kid'")
            })
    }

    @Test("active_key_id must name a listed key")
    func activeKeyMustExist() throws {
        let errors = messages("        signing_keys:\n" + keys(2) + "        active_key_id: app_9\n")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("app_9") == true)
        #expect(throws: IdentityError.self) { try ZendeskMessagingFixture.settings(keys: [ZendeskMessagingFixture.keyA], active: "app_B") }
    }

    @Test("key ids from variables are quoted as written, never expanded (a variable may hold a secret)")
    func keyIDMessagesDoNotExpandVariables() {
        let twice = messages(
            "        signing_keys:\n          - key_id: ${S2}\n            secret: ${S1}\n          - key_id: ${S2}\n            secret: ${S1}\n"
        )
        #expect(twice == ["signing key id '${S2}' is listed twice; every key needs its own key_id."])
        let active = messages("        signing_keys:\n" + keys(2) + "        active_key_id: ${S2}\n")
        #expect(
            active == [
                "'active_key_id' of zendesk-messaging provider is '${S2}', which names none of the 2 configured signing keys' key_id."
            ])
        #expect(!(twice + active).contains { $0.contains(ZendeskMessagingFixture.secretB.revealed) })
    }

    @Test("token_lifetime between 1m and 24h; expiry_warning_margin at most 1h and below token_lifetime")
    func durations() {
        #expect(messages("        signing_keys:\n" + keys(1) + "        token_lifetime: 30s\n").contains { $0.contains("token_lifetime") })
        #expect(messages("        signing_keys:\n" + keys(1) + "        token_lifetime: 2d\n").contains { $0.contains("token_lifetime") })
        #expect(
            messages("        signing_keys:\n" + keys(1) + "        expiry_warning_margin: 2h\n").contains {
                $0.contains("expiry_warning_margin")
            })
        #expect(
            messages("        signing_keys:\n" + keys(1) + "        token_lifetime: 5m\n        expiry_warning_margin: 5m\n")
                .contains { $0.contains("shorter than 'token_lifetime'") })
        #expect(throws: IdentityError.self) { try ZendeskMessagingFixture.settings(lifetime: 600, margin: 600) }
        #expect(throws: IdentityError.self) { try ZendeskMessagingFixture.settings(lifetime: 100_000) }
    }

    @Test("conversation_mode is single or multi")
    func conversationMode() {
        #expect(
            messages("        signing_keys:\n" + keys(1) + "        conversation_mode: many\n").contains { $0.contains("single, multi") })
    }

    @Test("settings never print secrets")
    func redacted() throws {
        let settings = try settings("        signing_keys:\n" + keys(1))
        let text = "\(settings) \(String(reflecting: settings))"
        #expect(!text.contains(ZendeskMessagingFixture.secretA.revealed))
    }

    @Test("the plugin builds an issuer from configuration; a provider needs a Messaging SDK port")
    func pluginWiring() async throws {
        let configuration = try load("        signing_keys:\n" + keys(1)).get()
        let clock = ManualClock(unixSeconds: ZendeskMessagingFixture.start)
        let issuer = try configuration.makeIssuer(app: "demo", provider: "zendesk-messaging", context: IssuerContext(clock: clock))
        let token = try #require(try issuer.issue(for: UserIdentity(userId: "u-1")).jwt)
        #expect(try issuer.verify(token, for: nil).keyID == "app_1")

        let vendors = SimulatedVendors(clock: clock)
        let provider = try configuration.makeProvider(app: "demo", provider: "zendesk-messaging", context: vendors.context())
        _ = try await provider.login(UserIdentity(userId: "u-1"))
        #expect(await provider.currentUser()?.externalId == "u-1")
        #expect(await vendors.simulator(app: "demo", provider: "zendesk-messaging")?.userCount() == 1)

        let error = syncIdentityError {
            _ = try configuration.makeProvider(
                app: "demo", provider: "zendesk-messaging",
                context: ProviderContext(clock: clock))
        }
        #expect(error?.code == .configurationInvalid)
        #expect(error?.field == "port")
    }

    /// One settings value broken in the YAML and the same value given to the initializer.
    struct BrokenRule: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var keys = 1
        var duplicateKey = false
        var active: String?
        var lifetime: Int64 = 3_600
        var margin: Int64 = 300
        var maxLifetime: Int64 = 86_400
        var testDescription: String { name }
    }

    static let brokenRules: [BrokenRule] = [
        BrokenRule(name: "11 signing keys", yaml: "", keys: 11),
        BrokenRule(name: "a key id listed twice", yaml: "", duplicateKey: true),
        BrokenRule(name: "active_key_id names no key", yaml: "        active_key_id: app_9\n", active: "app_9"),
        BrokenRule(name: "token_lifetime too short", yaml: "        token_lifetime: 30s\n", lifetime: 30),
        BrokenRule(name: "expiry_warning_margin too long", yaml: "        expiry_warning_margin: 2h\n", margin: 7_200),
        BrokenRule(
            name: "expiry_warning_margin not below token_lifetime", yaml: "        token_lifetime: 5m\n        expiry_warning_margin: 5m\n",
            lifetime: 300, margin: 300),
        BrokenRule(name: "max_token_lifetime below token_lifetime", yaml: "        max_token_lifetime: 10m\n", maxLifetime: 600),
    ]

    @Test("each rule is written once: the YAML and the initializer refuse a broken value with the same message", arguments: brokenRules)
    func oneVerdictForEachRule(rule: BrokenRule) {
        let yamlKeys = keys(rule.keys) + (rule.duplicateKey ? keys(1) : "")
        let fromYAML = messages("        signing_keys:\n" + yamlKeys + rule.yaml)
        var codeKeys = (1...rule.keys).map { ZendeskMessagingSigningKey(keyID: "app_\($0)", secret: ZendeskMessagingFixture.secretA) }
        if rule.duplicateKey { codeKeys.append(codeKeys[0]) }
        let fromCode = #expect(throws: IdentityError.self) {
            try ZendeskMessagingSettings(
                signingKeys: codeKeys, activeKeyID: rule.active, tokenLifetime: rule.lifetime, expiryWarningMargin: rule.margin,
                maxTokenLifetime: rule.maxLifetime)
        }
        #expect(fromYAML.count == 1)
        #expect(fromYAML.first == fromCode?.message)
        #expect(fromCode?.code == .configurationInvalid)
    }
}
