import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

// Acceptance: what a user typing identityctl commands from its documentation (Identityctl.md) hits with hostile input.
// Every bad argument is a clear usage error (exit 2) or a uniform JSON error (exit 1); nothing traps.

@Suite("identityctl acceptance: hostile arguments")
struct AcceptanceCLITests {
    static let base = ["--config", exampleConfiguration, "--app", "demo"]

    /// Each subcommand that takes --now, with otherwise valid arguments.
    static let commandsWithNow: [[String]] = [
        ["token"] + base + ["--provider", "helpshift", "--user-id", "u-1"],
        ["verify"] + base + ["--provider", "zendesk-chat", "eyJ.e30.x"],
        ["exchange"] + base + ["--provider", "zendesk-support", "eyJ.e30.x"],
        ["events", "--provider", "helpshift"],
        ["demo", "--config", exampleConfiguration],
    ]

    @Test(
        "identityctl docs: --now UNIX_SECONDS is an integer Unix time; negative or past year 9999 is a usage error (exit 2) naming the range, never a trap",
        arguments: [["--now", "-5"], ["--now=-1"], ["--now", "9223372036854775807"], ["--now", "253402300800"]])
    func nowOutOfRange(now: [String]) async {
        for command in Self.commandsWithNow {
            let run = await standardCTL(command + now)
            #expect(run.status == 2, "\(command.first ?? "") \(now): \(run.allText)")
            #expect(run.stdout.isEmpty, "usage errors print nothing on stdout")
            #expect(run.stderr.joined().contains("253402300799"), "the message names the accepted range: \(run.stderr)")
        }
    }

    @Test("demo at the last accepted instant (--now 253402300799) runs every simulator without overflow")
    func demoAtLatestInstant() async {
        let run = await standardCTL(["demo", "--config", exampleConfiguration, "--now", "253402300799"])
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.stdout.contains { $0.hasPrefix("Done: 4 providers") }, "\(run.stdout.suffix(6))")
    }

    @Test("token and verify at --now 0 (the first accepted instant) round-trip")
    func nowZero() async throws {
        let args = Self.base + ["--provider", "zendesk-messaging"]
        let issued = await standardCTL(["token"] + args + ["--user-id", "u-1", "--now", "0"])
        let jwt = try #require(issued.object?["credential"]?["jwt"]?.stringValue, "\(issued.allText)")
        let run = await standardCTL(["verify"] + args + ["--now", "1", jwt])
        #expect(run.status == 0, "\(run.allText)")
    }

    @Test("exchange with an empty user token: token_missing that speaks of the user token (not of a JWT the user never handled)")
    func exchangeEmptyUserToken() async throws {
        let run = await standardCTL(["exchange"] + Self.base + ["--provider", "zendesk-support", ""])
        #expect(run.status == 1)
        let error = try #require(run.object?["error"])
        #expect(error["code"] == "token_missing")
        #expect(error["field"] == "user_token")
        let message = try #require(error["message"]?.stringValue)
        #expect(message.contains("user token"), "\(message)")
        #expect(!message.contains("JWT"), "\(message)")
    }

    @Test("token and verify --help say how to pass a value that starts with a dash (--user-id=-1), the form that works")
    func dashValues() async throws {
        for command in ["token", "verify"] {
            let help = await standardCTL([command, "--help"])
            #expect(help.stdout.joined(separator: " ").contains("--user-id=-1"), "\(command)")
        }
        let dashed = await standardCTL(["token"] + Self.base + ["--provider", "zendesk-messaging", "--user-id=-1", "--now", "1767225600"])
        #expect(dashed.status == 0, "\(dashed.allText)")
        let jwt = try #require(dashed.object?["credential"]?["jwt"]?.stringValue)
        let verified = await standardCTL(["verify"] + Self.base + ["--provider", "zendesk-messaging", "--now", "1767225601", "--", jwt])
        #expect(verified.object?["claims"]?["external_id"] == "-1", "\(verified.allText)")
    }

    @Test(
        "a --config that is missing, a directory, empty or binary: exit 1, configuration_invalid with field \"config\" (the argument at fault)",
        arguments: ["missing", "directory", "empty", "binary"])
    func badConfigFile(kind: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("acceptance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path: String
        switch kind {
        case "missing": path = directory.appendingPathComponent("nope.yaml").path
        case "directory": path = directory.path
        case "empty": path = try temporaryFile("")
        default:
            path = directory.appendingPathComponent("binary.yaml").path
            try Data([0, 1, 2, 0xFF, 0xFE, 0]).write(to: URL(fileURLWithPath: path))
        }
        for command in [["token", "--user-id", "u-1"], ["verify", "abc"], ["exchange", "abc"]] {
            let run = await standardCTL(
                [command[0], "--config", path, "--app", "demo", "--provider", "zendesk-support"] + command.dropFirst())
            #expect(run.status == 1, "\(command[0]) \(kind): \(run.allText)")
            let error = try #require(run.object?["error"], "\(run.allText)")
            #expect(error["code"] == "configuration_invalid")
            #expect(error["field"] == "config", "\(command[0]) \(kind): \(run.allText)")
            #expect(error["message"]?.stringValue?.hasPrefix("\(path):1:1: error: ") == true, "\(run.allText)")
        }
    }

    @Test(
        "secret_file that cannot be a secret: the diagnostic says why (missing, directory, device, oversize, not UTF-8), at the value's line and column, never hanging",
        arguments: [
            ("missing", "no such file"), ("directory", "it is a directory"), ("device", "it is not a regular file"),
            ("oversize", "it is over 65536 bytes"), ("binary", "it is not UTF-8 text"),
        ])
    func secretFile(kind: String, reason: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("acceptance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var secretPath = directory.appendingPathComponent("secret").path
        switch kind {
        case "missing": break
        case "directory": secretPath = directory.path
        case "device": secretPath = "/dev/zero"
        case "oversize": try Data(repeating: UInt8(ascii: "a"), count: 70_000).write(to: URL(fileURLWithPath: secretPath))
        default: try Data([0x61, 0xFF, 0xFE, 0x62]).write(to: URL(fileURLWithPath: secretPath))
        }
        let config = directory.appendingPathComponent("identity.yaml").path
        try Data(
            "apps:\n  a:\n    providers:\n      - kind: zendesk-chat\n        account_key: ${K:-key}\n        secret_file: \(secretPath)\n"
                .utf8
        ).write(to: URL(fileURLWithPath: config))
        let run = await standardCTL(["validate", config])
        #expect(run.status == 1)
        #expect(
            run.stderr == [
                "\(config):6:22: error: cannot read secret file '\(secretPath)' for 'secret' of zendesk-chat provider: \(reason)\(kind == "oversize" ? "; a secret file holds one secret" : "")."
            ],
            "\(run.allText)")
    }

    @Test(
        "a token whose header carries terminal escapes and newlines: the message shows alg JSON-escaped and shortened; stderr gets no control characters",
        arguments: ["zendesk-chat", "zendesk-messaging", "zendesk-support", "helpshift"])
    func hostileAlgorithm(provider: String) async throws {
        let header = JSONValue.object(["alg": .string("\u{1B}[31mEVIL\nsecond line" + String(repeating: "x", count: 300)), "typ": "JWT"])
        var encodedHeader: [UInt8] = []
        Base64URL.encode(Array(header.jsonString.utf8), into: &encodedHeader)
        let token = String(decoding: encodedHeader, as: UTF8.self) + ".eyJzY29wZSI6InVzZXIifQ.abc"
        let run = await standardCTL(["verify"] + Self.base + ["--provider", provider, token])
        #expect(run.status == 1)
        let error = try #require(run.object?["error"])
        #expect(error["code"] == "algorithm_not_allowed")
        let message = try #require(error["message"]?.stringValue)
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(message)")
        #expect(message.count < 200, "an attacker-chosen alg is shortened: \(message)")
        #expect(!run.stderr.joined().unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(run.stderr)")
    }
}
