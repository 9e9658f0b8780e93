import Foundation
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing

/// Issue 15 B: hostile configuration input is bounded (file size on the opened file, duplicate-key
/// location, quoted values, mistyped `${...}` defaults, node count vs alias expansion, HS256 key length).
@Suite("Bounded configuration input")
struct BoundedInputTests {
    /// A temporary folder removed at the end of `body`.
    static func withFolder<R>(_ body: (String) throws -> R) throws -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// A symbolic link at `folder/link.yaml` to a 3 GiB sparse file.
    static func linkToSparseFile(in folder: String) throws -> String {
        let target = folder + "/huge.yaml"
        _ = FileManager.default.createFile(atPath: target, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: target))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let link = folder + "/link.yaml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        return link
    }

    @Test("B2: a link to a 3 GiB sparse file is refused from the opened file's size, at once, by every reader")
    func linkToHugeFile() throws {
        try Self.withFolder { folder in
            let link = try Self.linkToSparseFile(in: folder)
            let start = ThreadCPUClock.now
            #expect(throws: BoundedFileError.tooLarge(size: 3 << 30, limit: 1_048_576)) {
                try BoundedFile.read(path: link, limit: 1_048_576)
            }
            do {
                _ = try ConfigurationLoader(registry: ProviderRegistry([SettingsEchoPlugin()])).load(path: link)
                Issue.record("a 3 GiB configuration loaded")
            } catch let error as ConfigurationError {
                #expect(error.diagnostics.map(\.message) == ["configuration file is 3221225472 bytes; the limit is 1048576 bytes."])
            }
            do {
                _ = try ScenarioParser().parse(path: link)
                Issue.record("a 3 GiB scenario parsed")
            } catch let error as ScenarioError {
                #expect(error.diagnostics.map(\.message) == ["scenario file is 3221225472 bytes; the limit is 1048576 bytes."])
            }
            #expect(throws: SecretFileError.self) { try ConfigEnvironment.readFromDisk(link) }
            #expect(ThreadCPUClock.now - start < .seconds(1))
        }
    }

    @Test("B2: a FIFO and a device are refused without blocking; a linked small file is read whole")
    func specialFiles() throws {
        try Self.withFolder { folder in
            let fifo = folder + "/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: BoundedFileError.notRegularFile) { try BoundedFile.read(path: fifo, limit: 10) }
            #expect(throws: BoundedFileError.notRegularFile) { try BoundedFile.read(path: "/dev/zero", limit: 10) }
            #expect(throws: BoundedFileError.directory) { try BoundedFile.read(path: folder, limit: 10) }
            #expect(throws: BoundedFileError.notFound) { try BoundedFile.read(path: folder + "/none", limit: 10) }
            let small = folder + "/small"
            _ = FileManager.default.createFile(atPath: small, contents: Data("0123456789".utf8))
            try FileManager.default.createSymbolicLink(atPath: folder + "/small-link", withDestinationPath: small)
            #expect(try BoundedFile.read(path: folder + "/small-link", limit: 10) == Data("0123456789".utf8))
            #expect(throws: BoundedFileError.tooLarge(size: 10, limit: 9)) { try BoundedFile.read(path: small, limit: 9) }
        }
    }

    @Test("B3: a duplicate key at the far end of a 1 MB flow mapping is located in linear time; a 250 KB key is quoted by a prefix")
    func longDuplicateKey() {
        // libyaml caps simple keys at 1024 characters: the longest key that can repeat in a flow mapping.
        let key = String(repeating: "k", count: 1000)
        let filler = (0..<40_000).map { "a\($0)-padding-pad: 0, " }.joined()  // 880 KB, 80,000 nodes
        let yaml = "apps: {\(key): 1, \(filler)\(key): 2}\n"
        let start = ThreadCPUClock.now
        let found = diagnostics(yaml)
        #expect(ThreadCPUClock.now - start < .seconds(5), "composing 80,000 keys takes about a second of CPU in a debug build")
        #expect(positions(found) == ["1:\(8 + 1000 + 5 + filler.count)"])
        #expect(
            found.first?.message.hasPrefix("duplicate key '\(String(repeating: "k", count: 40))…' (first set at line 1, column 8)") == true)
        // An explicit key (`? KEY`) may be of any length.
        let long = String(repeating: "q", count: 250_000)
        let explicit = diagnostics("apps:\n  ? \(long)\n  : 1\n  ? \(long)\n  : 2\n")
        #expect(explicit.count == 1)
        #expect((explicit.first?.message.count ?? .max) < 200)
    }

    @Test("B3: a long unknown key or value is quoted by a short prefix")
    func longValuesQuoted() {
        let long = String(repeating: "v", count: 100_000)
        let key = String(repeating: "u", count: 1000)
        let found = diagnostics(
            "apps:\n  web:\n    providers:\n      - kind: echo\n        secret: ${ECHO_SECRET}\n        \(key): 1\n        token_lifetime: \(long)\n"
        )
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.message.count < 300 })
        #expect(ConfigDiagnostic.quoted("short") == "'short'")
        #expect(ConfigDiagnostic.quoted(String(repeating: "é", count: 41)) == "'\(String(repeating: "é", count: 40))…'")
    }

    @Test(
        "B5: a mistyped default names only the variable's valid prefix, never the text after it",
        arguments: [
            "${VAR-hunter2-secret}", "${VAR:=hunter2-secret}", "${VAR:?hunter2-secret}", "${VAR hunter2-secret}",
        ])
    func mistypedDefault(reference: String) {
        let found = diagnostics("apps:\n  web:\n    providers:\n      - kind: echo\n        secret: \(reference)\n")
        #expect(found.count == 1)
        let message = found.first?.message ?? ""
        #expect(!message.contains("hunter2"))
        #expect(message.contains("reference to 'VAR' followed by unsupported syntax"))
        #expect(message.contains("the supported forms are '${VAR}' and '${VAR:-default}'"))
        let nameless = diagnostics("apps:\n  web:\n    providers:\n      - kind: echo\n        secret: ${-hunter2}\n")
        #expect(nameless.first?.message.contains("without a variable name") == true)
        #expect(nameless.first?.message.contains("hunter2") == false)
    }

    @Test("B7: a large configuration without aliases says it has too many nodes, not that aliases expand")
    func largeWithoutAliases() {
        let yaml = "apps:\n  web:\n    providers:\n" + String(repeating: "      - [a, b, c, d, e, f, g, h, i]\n", count: 11_000)
        let found = diagnostics(yaml)
        #expect(
            found.map(\.message) == [
                "configuration has more than 100000 YAML nodes (the limit, no alias involved); split it into smaller files."
            ])
        var bomb = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...9 { bomb += "x-\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n" }
        #expect(
            diagnostics(bomb + "apps: *l9\n").map(\.message) == [
                "configuration expands to more than 100000 YAML nodes through aliases (the limit); simplify its anchors."
            ])
    }

    @Test(
        "B4: an HS256 key under 32 bytes is a configuration error naming the setting; 32 bytes load",
        arguments: [
            ("zendesk-support", "secret", "auth: jwt"), ("zendesk-support", "user_token_secret", "auth: jwt\n        secret: ${LONG}"),
            ("zendesk-chat", "secret", "account_key: ${LONG}"),
            ("helpshift", "identity_secret", "secret: ${LONG}\n        identity_system: true"),
        ])
    func shortSigningSecret(kind: String, key: String, other: String) throws {
        func load(_ variable: String) -> [ConfigDiagnostic] {
            let yaml = "apps:\n  web:\n    providers:\n      - kind: \(kind)\n        \(key): ${\(variable)}\n        \(other)\n"
            let environment = ConfigEnvironment(variables: [
                "SHORT": String(repeating: "s", count: 31), "LONG": String(repeating: "l", count: 32),
            ])
            return TestConfiguration.diagnostics { () throws(ConfigurationError) in
                try TestConfiguration.load(yaml: yaml, environment: environment, file: "c.yaml")
            }
        }
        #expect(load("LONG") == [])
        let found = load("SHORT")
        #expect(found.count == 1)
        #expect(found.first?.line == 5)
        #expect(
            found.first?.message.hasPrefix(
                "'\(key)' of \(kind) provider is 31 bytes; an HS256 key must be at least 32 bytes (RFC 7518 §3.2).")
                == true)
        #expect(found.first?.message.contains("sssss") == false)
    }

    @Test("B4: a Zendesk Messaging signing key under 32 bytes is refused; Helpshift's HMAC digest secret is not an HS256 key")
    func messagingAndHelpshiftDigest() throws {
        let environment = ConfigEnvironment(variables: ["SHORT": String(repeating: "s", count: 16)])
        let loader = TestConfiguration.loader(environment: environment)
        let messaging =
            "apps:\n  web:\n    providers:\n      - kind: zendesk-messaging\n        signing_keys:\n          - key_id: app_1\n            secret: ${SHORT}\n"
        do {
            _ = try loader.load(yaml: messaging, file: "c.yaml")
            Issue.record("a 16-byte Messaging key loaded")
        } catch {
            #expect(error.diagnostics.map(\.message).contains { $0.hasPrefix("'secret' of zendesk-messaging provider is 16 bytes") })
        }
        // The legacy userAuthToken is an HMAC digest keyed with the secret Helpshift's dashboard issues, not a JWS.
        _ = try loader.load(yaml: "apps:\n  web:\n    providers:\n      - kind: helpshift\n        secret: ${SHORT}\n", file: "c.yaml")
    }
}

/// Issue 15 B1: an alias used as a mapping key (`? *big`) must be bounded too: composing hashes keys.
@Suite("Bounded configuration input: alias keys")
struct AliasKeyBoundsTests {
    @Test("an alias bomb used as a mapping key is refused at once")
    func aliasAsKey() {
        var yaml = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...9 { yaml += "x-\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n" }
        yaml += "x-keys:\n  ? *l9\n  : 1\n  ? *l8\n  : 2\napps: {}\n"
        let start = ThreadCPUClock.now
        let found = diagnostics(yaml)
        #expect(ThreadCPUClock.now - start < .seconds(2))
        #expect(
            found.map { "\($0.line):\($0.column) \($0.message)" } == [
                "12:5 an alias inside a mapping key; keys are compared whole, so an aliased key may expand without bound: write the key out."
            ])
    }

    /// libyaml's scanner re-checks every open flow level at every token (quadratic in depth); the alias
    /// bound's scan stays linear, and Yams' nesting limit (1,000 levels) answers.
    @Test("40,000 nested flow mappings (160 KB) are refused at once as invalid YAML", arguments: ["{a: ", "[", "- "])
    func deepNesting(opening: String) {
        let yaml = String(repeating: opening, count: 40_000) + "x\n"
        let start = ThreadCPUClock.now
        let found = diagnostics(yaml)
        #expect(ThreadCPUClock.now - start < .seconds(2))
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("invalid YAML") == true, "\(found.map(\.message))")
    }
}

/// Found by the JSON fuzz target (issue 15 C): a number whose exponent overflows a Double parsed as
/// infinity, which no JSON writer (ours included) can write back, and Foundation refuses.
@Suite("JSON numbers past Double's range")
struct JSONNumberRangeTests {
    @Test("a number that overflows to infinity is refused as out of range", arguments: ["1e922337807", "-1e400", "[0, 176724e4126020]"])
    func overflow(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        #expect(throws: IdentityError.self) {
            try HS256Signer(secret: Secret(String(repeating: "k", count: 32))).verify(
                HS256Signer(secret: Secret(String(repeating: "k", count: 32))).sign(payload: Array("{\"exp\": \(text)}".utf8)))
        }
    }

    @Test("large finite numbers still parse") func finite() throws {
        #expect(try JSONValue.parse("1e308") == .double(1e308))
        #expect(try JSONValue.parse("-1.5e-320") == .double(-Double("1.5e-320")!))  // subnormal, as Double(String) reads it
    }
}
