import Foundation
import IdentityBridge
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import Testing

/// The core loader's `service:` section: values, defaults, diagnostics at the right line, and the
/// record of secrets that came from `${VAR:-default}` defaults.
@Suite struct ServiceConfigurationTests {
    static let provider = """
            providers:
              - kind: zendesk-chat
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
        """

    func load(_ service: String, provider: String = ServiceConfigurationTests.provider) throws(ConfigurationError) -> IdentityConfiguration
    {
        let yaml = "apps:\n  demo:\n" + service + "\n" + provider
        let environment = ConfigEnvironment(
            variables: ServiceFixture.variables,
            readFile: { path in
                guard path.hasSuffix("keys.json") else { throw SecretFileError("no such file") }
                return #"{"keys": []}"#
            })
        return try TestConfiguration.load(yaml: yaml, environment: environment, file: "c.yaml")
    }

    func diagnostics(_ service: String) -> [String] {
        TestConfiguration.descriptions { () throws(ConfigurationError) in try load(service) }
    }

    @Test func serviceSectionIsParsed() throws {
        let configuration = try load(
            """
                service:
                  api_keys: [ "${DEMO_API_KEY}", "${DEMO_API_KEY_PREVIOUS}" ]
                  body_limit: 16KiB
                  session_tokens:
                    keys_file: keys.json
                    issuer: https://auth.example.com
                    audience: demo-mobile
                    leeway: 2m
                    claims: { user_id: uid, email: mail }
            """)
        let service = try #require(configuration.app("demo")?.service)
        #expect(service.apiKeys.map(\.revealed) == [ServiceFixture.apiKey, ServiceFixture.previousAPIKey])
        #expect(service.bodyLimit == 16_384)
        let tokens = try #require(service.sessionTokens)
        #expect(tokens.leeway == 120)
        let issuer = try #require(tokens.issuers.first)
        #expect(tokens.issuers.count == 1)
        #expect(issuer.issuer == "https://auth.example.com")
        #expect(issuer.audiences == ["demo-mobile"])
        #expect(issuer.claims == .init(userId: "uid", email: "mail", name: "name"))
        #expect(issuer.algorithms == ["RS256", "ES256"])
        guard case .file(_, let contents)? = issuer.keys else {
            Issue.record("keys_file not read")
            return
        }
        #expect(contents == #"{"keys": []}"#)
        #expect(configuration.developmentSecrets.isEmpty)
    }

    @Test func anAppWithoutServiceIsNotServedAndDefaultsApply() throws {
        #expect(try load("").app("demo")?.service == nil)
        let service = try #require(try load("    service:\n      api_keys: [ \"${DEMO_API_KEY}\" ]").app("demo")?.service)
        #expect(service.bodyLimit == AppServiceConfiguration.defaultBodyLimit)
        #expect(service.sessionTokens == nil)
    }

    @Test func badValuesAreReportedAtTheirLine() {
        for (limit, quoted) in [("lots", "lots"), ("2MiB", "2MiB"), ("0", "0"), ("${DEMO_API_KEY}", "${DEMO_API_KEY}")] {
            #expect(
                diagnostics("    service:\n      api_keys: [ \"${DEMO_API_KEY}\" ]\n      body_limit: \(limit)") == [
                    "c.yaml:5:19: error: 'body_limit' of service of app 'demo' is '\(quoted)'; it must be a size from 1 to 1MiB such as 65536 or 64KiB."
                ])
        }
        #expect(
            diagnostics("    service:\n      api_keys: [ \"literal-key\" ]").contains {
                $0.hasPrefix("c.yaml:4:") && $0.contains("literal secret")
            })
        #expect(diagnostics("    service:\n      body_limit: 1KiB").contains { $0.contains("missing required secret list 'api_keys'") })
        #expect(
            diagnostics("    service:\n      api_keys: [ \"${DEMO_API_KEY}\" ]\n      colour: red")
                .contains { $0.hasPrefix("c.yaml:5:7:") && $0.contains("unknown setting 'colour' for service of app 'demo'") })
        #expect(diagnostics("    service: 5").contains { $0.hasPrefix("c.yaml:3:14:") })
        let session =
            "    service:\n      api_keys: [ \"${DEMO_API_KEY}\" ]\n      session_tokens:\n        keys_file: missing.json\n        issuer: x\n"
        #expect(diagnostics(session).contains { $0.hasPrefix("c.yaml:6:20:") && $0.contains("cannot read file 'missing.json'") })
        #expect(diagnostics(session).contains { $0.contains("missing required setting 'audience'") })
        #expect(diagnostics("    service:\n      api_keys: [ \"${NOT_SET}\" ]").contains { $0.contains("'NOT_SET' is not set") })
    }

    @Test func secretsFromDefaultsAreRecordedBySetting() throws {
        let configuration = try load(
            """
                service:
                  api_keys: [ "${DEMO_API_KEY}", "${UNSET_KEY:-dev-key-0123456789}" ]
                providers:
                  - kind: zendesk-chat
                    account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                    secret: ${UNSET_SECRET:-dev-secret-0123456789abcdef0123456789}
            """, provider: "")
        #expect(configuration.developmentSecrets.map(\.setting) == ["apps.demo.service.api_keys[1]", "apps.demo.providers[0].secret"])
        #expect(configuration.developmentSecrets.map(\.line) == [4, 8])
        #expect(!configuration.developmentSecrets.map(\.description).joined().contains("dev-key"))
        // Set variables are not development secrets, even with a default written next to them.
        let set = try load(
            "    service:\n      api_keys: [ \"${DEMO_API_KEY:-dev-key-0123456789}\" ]")
        #expect(set.developmentSecrets.isEmpty)
    }
}
