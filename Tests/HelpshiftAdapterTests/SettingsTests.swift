import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

@Suite("Helpshift settings (common.md keys)")
struct SettingsTests {
    typealias F = HelpshiftFixture

    func problems(_ lines: [String]) -> [String] {
        do {
            _ = try F.configuration(lines)
            return []
        } catch let error as ConfigurationError {
            return error.diagnostics.map(\.message)
        } catch {
            return ["\(error)"]
        }
    }

    @Test("every key parses, with defaults from common.md")
    func parsesAll() throws {
        let configuration = try F.configuration([
            "identity_verification: true", "previous_secrets: [\"${HS_OLD_SECRET}\"]", "digest_input: user_id_and_email",
            "digest_encoding: base64_unpadded", "full_privacy: false", "clear_anonymous_user_on_login: true",
            "identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}",
        ])
        let settings = try #require(try configuration.instance(app: "demo", provider: "helpshift").settings as? HelpshiftSettings)
        #expect(settings.identityVerification)
        #expect(settings.secret == Secret(F.secret))
        #expect(settings.previousSecrets == [Secret(F.oldSecret)])
        #expect(settings.digestInput == .userIdAndEmail)
        #expect(settings.digestEncoding == .base64Unpadded)
        #expect(settings.clearAnonymousUserOnLogin)
        #expect(settings.identitySystem)
        #expect(settings.identitySecret == Secret(F.identitySecret))
        let defaults = try #require(try F.configuration([]).instance(app: "demo", provider: "helpshift").settings as? HelpshiftSettings)
        #expect(defaults == HelpshiftSettings(secret: Secret(F.secret)))
    }

    @Test("secret is required and must not be a literal")
    func secretRequired() {
        let yaml = """
            apps:
              demo:
                providers:
                  - kind: helpshift
                    digest_input: auto
            """
        #expect(throws: ConfigurationError.self) {
            try TestConfiguration.load(yaml: yaml, registry: HelpshiftTestRegistry.registry, environment: F.environment, file: "t.yaml")
        }
        #expect(problems(["identity_verification: true"]).isEmpty)
    }

    @Test("identity_secret is required when identity_system is true")
    func identitySecretRequired() {
        let found = problems(["identity_system: true"])
        #expect(found.contains { $0.contains("identity_secret") })
    }

    @Test("choices are validated: digest_input, digest_encoding")
    func choices() {
        #expect(problems(["digest_input: userid"]).contains { $0.contains("digest_input") })
        #expect(problems(["digest_encoding: HEX"]).contains { $0.contains("digest_encoding") })
        #expect(problems(["full_privacy: maybe"]).contains { $0.contains("full_privacy") })
    }

    @Test("full privacy with an email digest input is a configuration error (the token is on the user ID only)")
    func fullPrivacyInput() {
        #expect(problems(["full_privacy: true", "digest_input: email"]).contains { $0.contains("full_privacy") })
        #expect(problems(["full_privacy: true", "digest_input: user_id"]).isEmpty)
    }

    @Test("unknown keys are reported")
    func unknownKey() {
        #expect(problems(["digest: hex"]).contains { $0.contains("unknown setting 'digest'") })
    }

    @Test("makeProvider without a port is configuration_invalid")
    func missingPort() throws {
        let configuration = try F.configuration([])
        let error = F.error {
            try configuration.makeProvider(app: "demo", provider: "helpshift", context: ProviderContext())
        }
        #expect(error?.code == .configurationInvalid)
        #expect(error?.field == "port")
    }

    @Test("makeIssuer builds the Helpshift issuer: its credential is the Helpshift login data")
    func makeIssuer() throws {
        let issuer = try F.configuration([]).makeIssuer(app: "demo", provider: "helpshift", context: IssuerContext(clock: SystemClock()))
        #expect(issuer.provider.kind == .helpshift)
        let credential = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com"))
        #expect(credential["userId"] == "u-1")
        #expect(credential["userAuthToken"] != nil)
    }
}

enum HelpshiftTestRegistry {
    static var registry: ProviderRegistry { ProviderRegistry([HelpshiftPlugin()]) }
}
