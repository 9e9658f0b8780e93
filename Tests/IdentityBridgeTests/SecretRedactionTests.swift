import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

/// Issue 2 / common rules: "Secrets never appear in any message, description, log or event."
@Suite("Secret redaction")
struct SecretRedactionTests {
    static let value = "s3cr3t-value-that-must-never-print-0123456789"

    func everyRendering(of subject: Any) -> [String] {
        var dumped = ""
        dump(subject, to: &dumped)
        return [String(describing: subject), String(reflecting: subject), "\(subject)", dumped]
    }

    @Test("Secret: description, debugDescription, dump and interpolation show <redacted>")
    func secretRenderings() {
        let secret = Secret(Self.value)
        #expect(secret.description == "<redacted>")
        #expect(secret.debugDescription == "<redacted>")
        #expect("\(secret)" == "<redacted>")
        for text in everyRendering(of: secret) {
            #expect(!text.contains(Self.value), "\(text)")
        }
        #expect(secret.revealed == Self.value, "the value is still usable where it is needed")
        #expect(secret == Secret(bytes: Array(Self.value.utf8)))
    }

    @Test("settings loaded from YAML hold secrets that stay redacted in every rendering")
    func loadedSettings() throws {
        let configuration = try loadEcho(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
                    previous_secrets:
                      - ${OLD_SECRET}
                    signing_keys:
                      - key_id: app_1
                        secret: ${ECHO_SECRET}
            """, variables: ["ECHO_SECRET": Self.value, "OLD_SECRET": Self.value + "-old"])
        let instance = try configuration.instance(app: "web", provider: "echo")
        for text in everyRendering(of: instance) + everyRendering(of: configuration) {
            #expect(!text.contains(Self.value), "\(text)")
        }
        #expect((instance.settings as? SettingsEchoSettings)?.secret.revealed == Self.value)
    }

    @Test("configuration errors never echo a secret, even a literal one or a ${VAR:-default}")
    func configurationErrors() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: \(Self.value)
                  - kind: echo
                    name: bad-reference
                    secret: ${BAD NAME:-\(Self.value)}
                  - kind: echo
                    name: listed
                    secret: ${ECHO_SECRET}
                    previous_secrets: [\(Self.value)]
            """)
        #expect(found.count == 3)
        for diagnostic in found {
            #expect(!diagnostic.description.contains(Self.value), "\(diagnostic)")
        }
        let error = ConfigurationError(diagnostics: found)
        for text in everyRendering(of: error) + [error.identityError.json.jsonString, error.identityError.description] {
            #expect(!text.contains(Self.value))
        }
    }

    @Test("a Credential's description names fields, never values")
    func credentialDescription() {
        let credential = Credential(fields: ["jwt": "eyJ.secret-looking.token", "userId": "u-1"])
        #expect(credential.description == "Credential(jwt: <redacted>, userId: <redacted>)")
    }
}
