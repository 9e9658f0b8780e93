import Foundation
import IdentityBridge
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import Testing

/// `api_keys_file`, `hs256_secrets_file` and `previous_secrets_file`: one secret per non-empty line,
/// read as single `*_file:` secrets are, with FILE:LINE:COLUMN diagnostics; and the inputs a load
/// records (every file it read, one digest over them).
@Suite struct SecretListFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-secret-lists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    var configPath: String { directory.appendingPathComponent("config.yaml").path }

    /// Writes `config.yaml` with `service` under app `demo` and a Chat provider whose `chat` lines follow.
    func load(service: String, chat: String = "") throws(ConfigurationError) -> IdentityConfiguration {
        let yaml = """
            apps:
              demo:
                service:
            \(service)
                providers:
                  - kind: zendesk-chat
                    account_key_file: account-key
                    secret_file: chat-secret
            \(chat)
            """
        do {
            try write("config.yaml", yaml)
            try write("account-key", "chat-account-key-0123456789\n")
            try write("chat-secret", "chat-secret-current-0123456789abcdef0123\n")
        } catch { Issue.record(error) }
        return try TestConfiguration.load(path: configPath)
    }

    func diagnostics(service: String, chat: String = "") -> [String] {
        TestConfiguration.descriptions { () throws(ConfigurationError) in try load(service: service, chat: chat) }
    }

    @Test func apiKeysFileHoldsOneKeyPerNonEmptyLine() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("api-keys", "  key-one-0123456789abcdef  \n\n\tkey-two-0123456789abcdef\r\n\n")
        let configuration = try load(service: "      api_keys_file: api-keys")
        let keys = try #require(configuration.app("demo")?.service?.apiKeys)
        #expect(keys.map(\.revealed) == ["key-one-0123456789abcdef", "key-two-0123456789abcdef"])
        #expect(configuration.developmentSecrets.isEmpty)
    }

    @Test func hs256SecretsFileKeysSessionTokens() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("api-keys", "key-one-0123456789abcdef\n")
        try write("hs256", "session-secret-one-0123456789abcdef0123\nsession-secret-two-0123456789abcdef0123\n")
        let configuration = try load(
            service: """
                      api_keys_file: api-keys
                      session_tokens:
                        hs256_secrets_file: hs256
                        issuer: https://auth.example.com
                        audience: demo
                """)
        let tokens = try #require(configuration.app("demo")?.service?.sessionTokens)
        #expect(
            tokens.issuers.first?.hs256Secrets.map(\.revealed) == [
                "session-secret-one-0123456789abcdef0123", "session-secret-two-0123456789abcdef0123",
            ])
        #expect(configuration.inputs.files.contains { $0.hasSuffix("/hs256") })
    }

    @Test func bothFormsEmptyTooLargeAndTooManyAreDiagnosedAtTheSetting() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("api-keys", "key-one-0123456789abcdef\n")
        let config = configPath
        #expect(
            diagnostics(service: "      api_keys: [ \"${A}\" ]\n      api_keys_file: api-keys") == [
                "\(config):5:7: error: service of app 'demo' sets both 'api_keys' and 'api_keys_file'; keep one."
            ])
        try write("empty-keys", " \n\n\t\n")
        #expect(
            diagnostics(service: "      api_keys_file: empty-keys") == [
                "\(config):4:22: error: secret file 'empty-keys' for 'api_keys' of service of app 'demo' is empty; write one secret per line (at least 1 secret)."
            ])
        try write("huge-keys", String(repeating: "k", count: ConfigEnvironment.maxSecretFileSize + 1))
        let huge = diagnostics(service: "      api_keys_file: huge-keys")
        #expect(huge.count == 1)
        #expect(huge.first?.hasPrefix("\(config):4:22: error: cannot read secret file 'huge-keys' for 'api_keys'") == true)
        #expect(huge.first?.contains("over 65536 bytes") == true)
        try write("many-keys", (0...AppServiceConfiguration.maxAPIKeys).map { "key-\($0)-0123456789abcdef\n" }.joined())
        #expect(
            diagnostics(service: "      api_keys_file: many-keys") == [
                "\(config):4:22: error: secret file 'many-keys' for 'api_keys' of service of app 'demo' has 17 secrets; at most 16 are allowed."
            ])
        #expect(
            diagnostics(service: "      api_keys_file: missing-keys").first?.hasPrefix(
                "\(config):4:22: error: cannot read secret file 'missing-keys' for 'api_keys'") == true)
        // The required list names both forms when neither is given.
        #expect(
            diagnostics(service: "      body_limit: 1KiB").first?.contains(
                "missing required secret list 'api_keys' (set 'api_keys: [${VAR}, ...]' or 'api_keys_file: PATH')") == true)
    }

    @Test func previousSecretsFileRotatesAChatSecretAndAShortOneIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("api-keys", "key-one-0123456789abcdef\n")
        try write("chat-previous", "chat-secret-previous-0123456789abcdef01\n")
        let configuration = try load(service: "      api_keys_file: api-keys", chat: "        previous_secrets_file: chat-previous")
        let instance = try configuration.instance(app: "demo", provider: "zendesk-chat")
        // A token signed with the previous secret verifies; the issuer signs with the current one.
        try write("chat-secret", "chat-secret-previous-0123456789abcdef01\n")
        let old = try TestConfiguration.load(path: configPath).instance(app: "demo", provider: "zendesk-chat")
        let user = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")
        let oldToken = try #require(try old.makeIssuer().issue(for: user).jwt)
        let issuer = try instance.makeIssuer()
        #expect(try issuer.verify(oldToken, for: nil).claims["external_id"] == "u-1")
        let newToken = try #require(try issuer.issue(for: user).jwt)
        #expect(throws: IdentityError.self) { try old.makeIssuer().verify(newToken, for: nil) }

        try write("chat-previous", "too-short\n")
        #expect(
            diagnostics(service: "      api_keys_file: api-keys", chat: "        previous_secrets_file: chat-previous").contains {
                $0.contains("entry 1 of 'previous_secrets' of zendesk-chat provider is 9 bytes")
            })
    }

    @Test func anEmptyListFileIsTheEmptyListWhereTheSettingAllowsNone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("api-keys", "key-one-0123456789abcdef\n")
        // previous_secrets_file and hs256_secrets_file (next to keys_file) may be empty, as `[]` may.
        try write("chat-previous", " \n\n")
        try write("hs256", "")
        try write("jwks.json", #"{"keys": []}"#)
        let configuration = try load(
            service: """
                      api_keys_file: api-keys
                      session_tokens:
                        keys_file: jwks.json
                        hs256_secrets_file: hs256
                        issuer: https://auth.example.com
                        audience: demo
                """, chat: "        previous_secrets_file: chat-previous")
        #expect(configuration.app("demo")?.service?.sessionTokens?.issuers.first?.hs256Secrets.isEmpty == true)
        #expect(configuration.inputs.files.contains { $0.hasSuffix("/chat-previous") }, "still watched, for the next rotation")
        // A list that needs a secret refuses both empty forms, naming the setting.
        #expect(
            diagnostics(service: "      api_keys: []") == [
                "\(configPath):4:17: error: 'api_keys' of service of app 'demo' must list at least 1 secret."
            ])
    }

    @Test func aLoadRecordsEveryFileItReadAndOneDigestThatFollowsTheirContents() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("api-keys", "key-one-0123456789abcdef\n")
        let first = try load(service: "      api_keys_file: api-keys")
        let names = first.inputs.files.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names == ["config.yaml", "api-keys", "account-key", "chat-secret"])
        #expect(first.inputs.digest.count == 16)
        #expect(first.inputs.digest.allSatisfy { $0.isHexDigit })
        // The same inputs give the same digest; a changed secret file another.
        #expect(try load(service: "      api_keys_file: api-keys").inputs.digest == first.inputs.digest)
        try write("api-keys", "key-one-0123456789abcdef\nkey-two-0123456789abcdef\n")
        let rotated = try load(service: "      api_keys_file: api-keys")
        #expect(rotated.inputs.digest != first.inputs.digest)
        // A refused load still names what it read or tried (a watcher keeps watching a missing file).
        do {
            _ = try load(service: "      api_keys_file: not-yet")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.inputs.files.contains { $0.hasSuffix("/not-yet") })
            #expect(error.inputs.files.first == configPath)
        }
    }
}
