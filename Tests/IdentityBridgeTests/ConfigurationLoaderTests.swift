import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

/// Issue 2: "Report every problem as FILE:LINE:COLUMN: error: MESSAGE", strict keys and types,
/// secrets from env or file only. Every position below is counted by hand from the YAML text
/// (lines and columns from 1).
@Suite("Configuration loader")
struct ConfigurationLoaderTests {
    static let valid = """
        apps:
          web:
            providers:
              - kind: echo
                secret: ${ECHO_SECRET}
          mobile:
            providers:
              - kind: echo
                name: echo-eu
                secret: ${ECHO_EU_SECRET:-dev-only-default-secret-0123456789abcdef}
                token_lifetime: 5m
                mode: multi
                enabled: true
                retries: 0
                label: ${LABEL:-plain}
                signing_keys:
                  - key_id: app_1
                    secret: ${ECHO_SECRET}
                network:
                  region: eu
              - kind: echo
                name: echo-us
                secret_file: secrets/echo.txt
        """

    @Test("one file, many apps; name defaults to the kind; every setting read")
    func loadsManyApps() throws {
        let configuration = try loadEcho(Self.valid, files: ["/etc/identity/secrets/echo.txt": "file-secret-0123456789abcdef\n"])
        #expect(configuration.apps.map(\.name) == ["web", "mobile"])
        let web = try configuration.instance(app: "web", provider: "echo")
        #expect(web.reference == ProviderReference(kind: .echo, name: "echo"))
        let webSettings = try #require(web.settings as? SettingsEchoSettings)
        #expect(webSettings.secret.revealed == "echo-secret-value-0123456789abcdef")
        #expect(webSettings.tokenLifetime == 300)
        #expect(webSettings.mode == "single")

        let eu = try #require(try configuration.instance(app: "mobile", provider: "echo-eu").settings as? SettingsEchoSettings)
        #expect(eu.secret.revealed == "dev-only-default-secret-0123456789abcdef")
        #expect(eu.tokenLifetime == 300, "5m is 300 seconds")
        #expect(eu.mode == "multi")
        #expect(eu.enabled)
        #expect(eu.retries == 0)
        #expect(eu.label == "plain")
        #expect(eu.signingKeys.map(\.id) == ["app_1"])
        #expect(eu.region == "eu")
        let us = try #require(try configuration.instance(app: "mobile", provider: "echo-us").settings as? SettingsEchoSettings)
        #expect(us.secret.revealed == "file-secret-0123456789abcdef")
    }

    @Test("duration units: 5m is 300 seconds, 90s, 1h, bare seconds")
    func durations() {
        #expect(ConfigDuration.parse("5m")?.seconds == 300)
        #expect(ConfigDuration.parse("90s")?.seconds == 90)
        #expect(ConfigDuration.parse("1h")?.seconds == 3600)
        #expect(ConfigDuration.parse("420")?.seconds == 420)
        #expect(ConfigDuration.parse("5 minutes") == nil)
        #expect(ConfigDuration.parse("-5m") == nil)
        #expect(ConfigDuration.parse("99999999999999999d") == nil)
        #expect(ConfigDuration(seconds: 420).description == "7m")
    }

    @Test("${VAR:-default}: the variable wins when set and non-empty, the default otherwise")
    func variableDefaults() throws {
        let yaml = """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET:-dev-only-default-secret-0123456789abcdef}
            """
        let set = try loadEcho(yaml, variables: ["ECHO_SECRET": "from-env-0123456789abcdef0123456789"])
        #expect(
            (try set.instance(app: "web", provider: "echo").settings as? SettingsEchoSettings)?.secret.revealed
                == "from-env-0123456789abcdef0123456789")
        let unset = try loadEcho(yaml, variables: [:])
        #expect(
            (try unset.instance(app: "web", provider: "echo").settings as? SettingsEchoSettings)?.secret.revealed
                == "dev-only-default-secret-0123456789abcdef")
        let empty = try loadEcho(yaml, variables: ["ECHO_SECRET": ""])
        #expect(
            (try empty.instance(app: "web", provider: "echo").settings as? SettingsEchoSettings)?.secret.revealed
                == "dev-only-default-secret-0123456789abcdef")
    }

    @Test("a missing variable is an error naming it, at the value")
    func missingVariable() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_MISSING}
            """)
        #expect(positions(found) == ["5:17"])
        #expect(found.first?.message.contains("ECHO_MISSING") == true)
        #expect(found.first?.description.hasPrefix("app.yaml:5:17: error: environment variable 'ECHO_MISSING' is not set") == true)
    }

    @Test("a literal secret in the YAML is refused (secrets come from env or file, never only from YAML)")
    func literalSecret() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: hunter2-literal-secret
            """)
        #expect(positions(found) == ["5:17"])
        #expect(found.first?.message.contains("literal secret") == true)
        #expect(found.first?.message.contains("hunter2") == false)
    }

    @Test("an empty secret is reported as empty, not as a literal")
    func emptySecret() {
        let found = diagnostics("apps:\n  web:\n    providers:\n      - kind: echo\n        secret: \"\"\n")
        #expect(positions(found) == ["5:17"])
        #expect(found.first?.message.contains("'secret' of echo provider is empty; set 'secret: ${VAR}' or 'secret_file: PATH'") == true)
    }

    @Test("*_file secrets: relative to the configuration's folder; unreadable, empty, or both forms are errors")
    func secretFiles() {
        let yaml = """
            apps:
              web:
                providers:
                  - kind: echo
                    secret_file: missing.txt
                  - kind: echo
                    name: empty
                    secret_file: /run/secrets/empty
                  - kind: echo
                    name: both
                    secret: ${ECHO_SECRET}
                    secret_file: /run/secrets/echo
            """
        let found = diagnostics(yaml, files: ["/run/secrets/empty": "\n", "/run/secrets/echo": "x"])
        #expect(positions(found) == ["5:22", "8:22", "12:9"])
        #expect(found[0].message.contains("cannot read secret file 'missing.txt'"))
        #expect(found[1].message.contains("is empty"))
        #expect(found[2].message.contains("sets both 'secret' and 'secret_file'"))
    }

    @Test("a path's diagnostic quotes it as written, never a variable it expands (found by FuzzConfiguration)")
    func pathDiagnosticsDoNotExpandVariables() {
        let secret = "echo-secret-value-0123456789abcdef"
        let yaml = """
            apps:
              web:
                providers:
                  - kind: echo
                    secret_file: ${SECRETS_DIR}/${ECHO_SECRET}
                  - kind: echo
                    name: empty
                    secret_file: ${SECRETS_DIR}/empty
                  - kind: echo
                    name: blank
                    secret_file: ${BLANK:-}
            """
        let found = diagnostics(
            yaml, variables: ["ECHO_SECRET": secret, "SECRETS_DIR": "/run/secrets"], files: ["/run/secrets/empty": "\n"])
        #expect(positions(found) == ["5:22", "8:22", "11:22"])
        #expect(
            found.map(\.message) == [
                "cannot read secret file '${SECRETS_DIR}/${ECHO_SECRET}' for 'secret' of echo provider.",
                "secret file '${SECRETS_DIR}/empty' for 'secret' of echo provider is empty.",
                "'secret_file' of echo provider must be a file path, not empty.",
            ])
        #expect(!found.contains { $0.description.contains(secret) || $0.description.contains("/run/secrets") })
    }

    @Test("every problem is reported, each at its node: range, type, choice, unknown key")
    func everyProblemWithPosition() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
                    token_lifetime: 8m
                    enabled: maybe
                    retries: 11
                    mode: triple
                    colour: blue
                    signing_keys:
                      - key_id: app_1
                        secret: ${ECHO_SECRET}
                        extra: 1
                    network:
                      region: eu
                      zone: a
            """)
        #expect(positions(found) == ["6:25", "7:18", "8:18", "9:15", "10:9", "14:13", "17:11"])
        #expect(found[0].message.contains("is '8m' (480s); it must be between 1s and 7m"))
        #expect(found[1].message.contains("must be true or false, not 'maybe'"))
        #expect(found[2].message.contains("is 11; it must be between 0 and 10"))
        #expect(found[3].message.contains("must be one of: single, multi"))
        #expect(found[4].message.contains("unknown setting 'colour'"))
        #expect(found[5].message.contains("unknown setting 'extra'"))
        #expect(found[6].message.contains("unknown setting 'zone'"))
        #expect(found.allSatisfy { $0.description.hasPrefix("app.yaml:\($0.line):\($0.column): error: ") })
    }

    @Test("wrong types: a list where a value goes, a number where a list goes, a quoted number for an integer")
    func wrongTypes() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
                    mode: [single]
                    signing_keys: 3
                    retries: "3"
                    network: eu
            """)
        #expect(positions(found) == ["6:15", "7:23", "8:18", "9:18"])
        #expect(found[0].message.contains("must be a single value, not a list"))
        #expect(found[1].message.contains("must be a list"))
        #expect(found[2].message.contains("must be an integer"))
        #expect(found[3].message.contains("must be a mapping"))
    }

    @Test("structure: unknown top-level, app and kind names, missing kind, duplicate instance names")
    func structure() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echoo
                  - secret: ${ECHO_SECRET}
                  - kind: echo
                    secret: ${ECHO_SECRET}
                  - kind: echo
                    secret: ${ECHO_SECRET}
                plugins: []
            color: red
            """)
        #expect(positions(found) == ["4:15", "5:9", "8:15", "10:5", "11:1"])
        #expect(found[0].message.contains("unknown provider kind 'echoo' (known kinds: echo)"))
        #expect(found[1].message.contains("has no 'kind'"))
        #expect(found[2].message.contains("already has a provider named 'echo'"))
        #expect(found[3].message.contains("unknown key 'plugins' in app 'web'"))
        #expect(found[4].message.contains("unknown key 'color' in the configuration"))
    }

    @Test("a required secret that is absent is reported at the provider's mapping")
    func missingSecret() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    mode: single
            """)
        #expect(positions(found) == ["4:9"])
        #expect(found[0].message.contains("missing required secret 'secret'"))
    }

    @Test("malformed YAML: one clear error at the offending position, no crash")
    func malformedYAML() {
        let tab = diagnostics("apps:\n  web:\n\tproviders: []\n")
        #expect(tab.count == 1)
        #expect(tab.first?.line == 3)
        #expect(tab.first?.message.hasPrefix("invalid YAML:") == true)

        let unterminated = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: "${ECHO_SECRET}
            """)
        #expect(positions(unterminated) == ["5:17"])
        #expect(unterminated.first?.message.contains("quoted scalar") == true)

        let badIndent = diagnostics("apps:\n  web:\n    providers: []\n   bad: 1\n")
        #expect(badIndent.count == 1)
        #expect(badIndent.first?.line == 4)
    }

    @Test("duplicate keys are reported at the second occurrence")
    func duplicateKeys() {
        let found = diagnostics(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
                    mode: single
                    mode: multi
            """)
        #expect(positions(found) == ["7:9"])
        #expect(found.first?.message.contains("duplicate key 'mode' (first set at line 6, column 9)") == true)
    }

    @Test("duplicate keys in a flow mapping and duplicate app names are reported at the second occurrence")
    func duplicateKeysFlowAndApps() {
        let flow = diagnostics("apps: {web: {providers: [{kind: echo, kind: echo}]}}\n")
        #expect(positions(flow) == ["1:39"])
        let apps = diagnostics("apps:\n  web:\n    providers: []\n  web:\n    providers: []\n")
        #expect(positions(apps) == ["4:3"])
        #expect(apps.first?.message.contains("duplicate key 'web' (first set at line 2, column 3)") == true)
    }

    @Test("empty, whitespace-only and comment-only files are a clear error")
    func emptyFiles() {
        for text in ["", "   \n\n", "# nothing here\n", "~\n"] {
            let found = diagnostics(text)
            #expect(positions(found) == ["1:1"], "\(text.debugDescription)")
            #expect(found.first?.message.contains("configuration is empty") == true)
        }
    }

    @Test("a document that is not a mapping, or apps that is not one, is reported where it is")
    func wrongRoot() {
        #expect(diagnostics("- a\n- b\n").first?.message.contains("must be a mapping with 'apps:'") == true)
        let found = diagnostics("apps: [web]\n")
        #expect(positions(found) == ["1:7"])
    }

    @Test("binary data and invalid UTF-8 are refused before YAML parsing")
    func binaryData() {
        let loader = TestConfiguration.loader(ProviderRegistry([SettingsEchoPlugin()]))
        #expect(throws: ConfigurationError.self) { try loader.load(data: Data([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01]), file: "a.out") }
        do {
            _ = try loader.load(data: Data([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01]), file: "a.out")
        } catch {
            #expect(error.description == "a.out:1:1: error: configuration is a binary file (it contains NUL bytes), not YAML.")
        }
        do {
            _ = try loader.load(data: Data([0x61, 0x70, 0xFF, 0xFE]), file: "latin.yaml")
            Issue.record("invalid UTF-8 loaded")
        } catch {
            #expect(error.diagnostics.first?.message == "configuration is not valid UTF-8 text.")
        }
    }

    @Test("a 10 MB file is refused with its size and the limit, from disk, without reading it all")
    func hugeFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("identitybridge-huge-\(UUID().uuidString).yaml").path
        let line = Data("# padding padding padding padding padding padding padding padding padding padding\n".utf8)
        var data = Data(capacity: 10 * 1_048_576)
        while data.count < 10 * 1_048_576 { data.append(line) }
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loader = TestConfiguration.loader(ProviderRegistry([SettingsEchoPlugin()]))
        do {
            _ = try loader.load(path: path)
            Issue.record("a 10 MB file loaded")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].message.contains("the limit is \(ConfigurationLoader.maxFileSize) bytes"))
            #expect(error.diagnostics[0].file == path)
        }
    }

    @Test("a missing file and a directory are clear errors")
    func missingFile() {
        let loader = TestConfiguration.loader(ProviderRegistry([SettingsEchoPlugin()]))
        do {
            _ = try loader.load(path: "/nonexistent/identity.yaml")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.description == "/nonexistent/identity.yaml:1:1: error: no such configuration file '/nonexistent/identity.yaml'.")
        }
        do {
            _ = try loader.load(path: FileManager.default.temporaryDirectory.path)
            Issue.record("loaded a directory")
        } catch {
            #expect(error.diagnostics.first?.message.contains("is a directory") == true)
        }
    }

    @Test("anchors, aliases and merge keys: shared settings defined once under an x- key")
    func anchorsAndMerges() throws {
        let configuration = try loadEcho(
            """
            x-echo: &echo
              kind: echo
              secret: ${ECHO_SECRET}
              mode: multi
            apps:
              web:
                providers:
                  - *echo
                  - <<: *echo
                    name: echo-single
                    mode: single
            """)
        let plain = try #require(try configuration.instance(app: "web", provider: "echo").settings as? SettingsEchoSettings)
        #expect(plain.mode == "multi")
        let merged = try #require(try configuration.instance(app: "web", provider: "echo-single").settings as? SettingsEchoSettings)
        #expect(merged.mode == "single", "explicit keys win over merged ones")
        #expect(merged.secret.revealed == "echo-secret-value-0123456789abcdef")
    }

    @Test("a problem inside an anchored mapping is reported where the anchor's text is")
    func problemInAnchor() {
        let found = diagnostics(
            """
            x-echo: &echo
              kind: echo
              secret: ${ECHO_SECRET}
              retries: 99
            apps:
              web:
                providers:
                  - <<: *echo
            """)
        #expect(positions(found) == ["4:12"])
    }

    @Test("an undefined alias and a bad merge value are errors, not crashes")
    func badAliases() {
        let undefined = diagnostics("apps:\n  web: *nothing\n")
        #expect(undefined.count == 1)
        #expect(undefined.first?.message.contains("undefined alias") == true)
        let badMerge = diagnostics(
            """
            apps:
              web:
                providers:
                  - <<: 3
                    kind: echo
                    secret: ${ECHO_SECRET}
            """)
        #expect(positions(badMerge) == ["4:13"])
    }

    @Test("an alias bomb (billion laughs) is refused quickly instead of exhausting memory")
    func aliasBomb() {
        var yaml = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "x-\(level): &l\(level) [\(previous)]\n"
        }
        yaml += "apps:\n  web:\n    providers: *l9\n"
        let found = diagnostics(yaml)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("through aliases") == true)
    }

    @Test("a file with hundreds of problems reports a bounded number of them")
    func manyProblems() {
        var yaml = "apps:\n  web:\n    providers:\n"
        for _ in 0..<300 { yaml += "      - kind: nope\n" }
        let found = diagnostics(yaml)
        #expect(found.count == 201)
        #expect(found.contains { $0.message.contains("too many problems") })
    }

    @Test("unsupported version and empty providers are reported")
    func versionAndEmptyProviders() {
        let found = diagnostics(
            """
            version: 2
            apps:
              web:
                providers: []
            """)
        #expect(positions(found) == ["1:10", "4:16"])
    }

    @Test("ConfigurationError converts to configuration_invalid listing every line")
    func identityErrorConversion() {
        let error = ConfigurationError(diagnostics: [
            ConfigDiagnostic(file: "b.yaml", line: 9, column: 2, message: "second"),
            ConfigDiagnostic(file: "b.yaml", line: 3, column: 5, message: "first"),
        ])
        #expect(error.description == "b.yaml:3:5: error: first\nb.yaml:9:2: error: second")
        #expect(error.identityError.code == .configurationInvalid)
        #expect(error.identityError.message == error.description)
    }
}
