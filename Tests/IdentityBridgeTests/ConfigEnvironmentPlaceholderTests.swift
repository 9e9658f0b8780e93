import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

/// Issue 14: a build checks a configuration without the deployment's variables and secret files.
/// `ConfigEnvironment.placeholders` stands a placeholder of valid shape for each unknown value.
@Suite("Config environment placeholders")
struct ConfigEnvironmentPlaceholderTests {
    static let yaml = """
        apps:
          web:
            providers:
              - kind: echo
                secret: ${ECHO_SECRET}
                previous_secrets:
                  - ${OLD_ONE}
                  - ${OLD_TWO}
                label: ${LABEL:-plain}
                signing_keys:
                  - key_id: ${KEY_A}
                    secret_file: ${SECRETS_DIR}/a.txt
                  - key_id: ${KEY_B}
                    secret_file: /run/secrets/b.txt
        """

    func load(_ yaml: String, _ environment: ConfigEnvironment) throws(ConfigurationError) -> IdentityConfiguration {
        try TestConfiguration.load(
            yaml: yaml, registry: ProviderRegistry([SettingsEchoPlugin()]), environment: environment, file: "identity.yaml",
            baseDirectory: "/nonexistent")
    }

    @Test("unset variables and absent secret files load as placeholders; without them the same file fails")
    func unsetReferencesLoad() throws {
        let configuration = try load(Self.yaml, .placeholders)
        let settings = try #require(try configuration.instance(app: "web", provider: "echo").settings as? SettingsEchoSettings)
        #expect(settings.secret.revealed == ConfigEnvironment.placeholder(for: "ECHO_SECRET"))
        #expect(settings.previousSecrets.map(\.revealed) == ["OLD_ONE", "OLD_TWO"].map(ConfigEnvironment.placeholder(for:)))
        #expect(settings.label == "plain")  // a `:-default` is used as written
        #expect(settings.signingKeys.map(\.id) == ["KEY_A", "KEY_B"].map(ConfigEnvironment.placeholder(for:)))
        let directory = ConfigEnvironment.placeholder(for: "SECRETS_DIR")
        #expect(
            settings.signingKeys.map(\.secret.revealed) == [
                ConfigEnvironment.placeholder(for: "/nonexistent/" + directory + "/a.txt"),
                ConfigEnvironment.placeholder(for: "/run/secrets/b.txt"),
            ])
        do {
            _ = try load(Self.yaml, ConfigEnvironment(variables: [:]))
            Issue.record("loaded without the variables")
        } catch {
            #expect(error.diagnostics.map { "\($0.line):\($0.column)" } == ["5:17", "7:13", "8:13", "11:21", "12:13", "13:21", "14:13"])
        }
    }

    @Test("placeholders are ASCII, long enough for any secret minimum, stable, and distinct per name")
    func placeholderShape() {
        let names = ["A", "CHAT_SECRET", "/run/secrets/chat", "é", String(repeating: "X", count: 500)]
        let values = names.map(ConfigEnvironment.placeholder(for:))
        #expect(Set(values).count == names.count)
        for value in values {
            #expect(value.utf8.count >= 48)
            #expect(value.utf8.count <= 21 + 16 + 1 + 64)
            #expect(value.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
        }
        #expect(ConfigEnvironment.placeholder(for: "CHAT_SECRET") == "identity_placeholder_" + "e183cbf700d4bee0" + "_CHAT_SECRET")
    }

    @Test("every rule other than the values still holds: syntax of references, empty defaults, literal secrets")
    func otherRulesStillChecked() {
        let yaml = """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: literal-secret
                    previous_secrets:
                      - ${OLD:-}
                      - ${BAD-NAME}
                    label: ${UNTERMINATED
                    mode: both
            """
        do {
            _ = try load(yaml, .placeholders)
            Issue.record("a broken file loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "'secret' of echo provider is a literal secret; reference an environment variable ('${VAR}') or use 'secret_file'.",
                    "an entry of 'previous_secrets' of echo provider is empty.",
                    "'previous_secrets' of echo provider has a '${...}' reference to 'BAD' followed by unsupported syntax; the supported forms are '${VAR}' and '${VAR:-default}' (names use ASCII letters, digits and '_').",
                    "'label' of echo provider has an unterminated '${' reference.",
                    "'mode' of echo provider is 'both'; it must be one of: single, multi.",
                ])
        }
    }
}
