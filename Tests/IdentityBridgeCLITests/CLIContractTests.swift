import Foundation
import IdentityBridge
import IdentityBridgeCLI
import Testing

/// Issue 2, identityctl: "Machine output is one JSON object per line on stdout; human messages go
/// to stderr." Exit codes: 0 ok, 1 invalid input / token / configuration, 2 usage error.
/// These tests use the test-only `echo` and `plain` kinds registered through an injected registry.
@Suite("identityctl JSON contract")
struct CLIContractTests {
    // MARK: validate

    @Test("validate: a valid file gives exit 0 and one summary line")
    func validateValid() async throws {
        let path = try echoConfiguration()
        let run = await identityctl(["validate", path])
        #expect(run.status == 0)
        #expect(run.stdout == ["\(path): ok: 1 app (web), 2 providers (web/echo: echo, web/plain-one: plain)"])
    }

    @Test("validate: exit 1 and one FILE:LINE:COLUMN: error line per problem, every file checked")
    func validateInvalid() async throws {
        let bad = try temporaryFile(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${MISSING_SECRET}
                    token_lifetime: 2h
                    colour: blue
            """)
        let good = try echoConfiguration()
        let run = await identityctl(["validate", bad, good])
        #expect(run.status == 1)
        #expect(run.stderr.count == 3)
        #expect(run.stderr[0].hasPrefix("\(bad):5:17: error: environment variable 'MISSING_SECRET' is not set"))
        #expect(run.stderr[1].hasPrefix("\(bad):6:25: error: 'token_lifetime' of echo provider is '2h' (7200s)"))
        #expect(run.stderr[2].hasPrefix("\(bad):7:9: error: unknown setting 'colour'"))
        #expect(run.stdout.count == 1)
        #expect(run.stdout[0].hasPrefix("\(good): ok: "))
    }

    @Test("validate: a missing file, an empty file and a binary file are exit 1 with a clear line")
    func validateBrokenFiles() async throws {
        let empty = try temporaryFile("")
        let binary = try temporaryFile("\u{0}\u{1}ELF", name: "binary.yaml")
        let run = await identityctl(["validate", "/nonexistent.yaml", empty, binary])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == [
                "/nonexistent.yaml:1:1: error: no such configuration file '/nonexistent.yaml'.",
                "\(empty):1:1: error: configuration is empty; expected a mapping with 'apps:'.",
                "\(binary):1:1: error: configuration is a binary file (it contains NUL bytes), not YAML.",
            ])
    }

    @Test("validate never prints a secret: not a literal one, not a resolved one, not a file's")
    func validateRedaction() async throws {
        let secretFile = try temporaryFile(echoSecret + "-from-file", name: "echo.secret")
        let path = try temporaryFile(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: \(echoSecret)-literal
                  - kind: echo
                    name: from-env
                    secret: ${ECHO_SECRET}
                    token_lifetime: forever
                  - kind: echo
                    name: from-file
                    secret_file: \(secretFile)
                    colour: blue
            """)
        let run = await identityctl(["validate", path])
        #expect(run.status == 1)
        #expect(run.stderr.count == 3)
        #expect(!run.allText.contains(echoSecret))
    }

    @Test("validate --format json: one JSON object per diagnostic (file, line, column, code, message) and per valid file")
    func validateJSON() async throws {
        let bad = try temporaryFile(
            "apps:\n  web:\n    providers:\n      - kind: echo\n        secret: ${MISSING_SECRET}\n        colour: blue\n")
        let good = try echoConfiguration()
        let run = await identityctl(["validate", "--format", "json", bad, good])
        #expect(run.status == 1)
        #expect(
            run.json == [
                [
                    "file": .string(bad), "line": 5, "column": 17, "code": "configuration_invalid",
                    "message": "environment variable 'MISSING_SECRET' is not set (needed by 'secret' of echo provider).",
                ],
                [
                    "file": .string(bad), "line": 6, "column": 9, "code": "configuration_invalid",
                    "message": "unknown setting 'colour' for echo provider (known: kind, name, secret, secret_file, token_lifetime).",
                ],
                ["file": .string(good), "valid": true, "apps": ["web"], "providers": ["web/echo: echo", "web/plain-one: plain"]],
            ])
        #expect(run.stderr.count == 2)
        #expect(run.stderr.first?.hasPrefix("\(bad):5:17: error: ") == true)
        let usage = await identityctl(["validate", "--format", "yaml", good])
        #expect(usage.status == 2)
    }

    @Test("validate without a file is a usage error (exit 2)")
    func validateUsage() async {
        let run = await identityctl(["validate"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.joined().contains("Usage:"))
    }

    // MARK: token

    @Test("token prints {app, provider, kind, credential, expires_in} and the credential verifies")
    func token() async throws {
        let path = try echoConfiguration()
        let run = await identityctl([
            "token", "--config", path, "--app", "web", "--provider", "echo", "--user-id", "u-1", "--email", "ann@example.com", "--now",
            "1767225600",
        ])
        #expect(run.status == 0)
        let object = try #require(run.object)
        #expect(keys(of: object) == ["app", "provider", "kind", "credential", "expires_in"])
        #expect(object["expires_in"] == 600, "whole seconds until exp on the --now clock (RFC 6749 §5.1)")
        #expect(run.stdout.joined().contains(#","expires_in":600,"kind":"#), "sorted keys, as the token service writes them")
        #expect(object["app"] == "web")
        #expect(object["provider"] == "echo")
        #expect(object["kind"] == "echo")
        let jwt = try #require(object["credential"]?["jwt"]?.stringValue)
        let decoded = try DecodedJWT.decode(jwt)
        #expect(try decoded.requiredInt("exp") == 1_767_225_600 + 600, "token_lifetime 10m from the configuration")
        #expect(try decoded.requiredString("email") == "ann@example.com")
        #expect(!run.allText.contains(echoSecret))
    }

    @Test("token with invalid input: exit 1 and {\"error\": {code, field, message, vendor_code}}")
    func tokenInvalidInput() async throws {
        let path = try echoConfiguration()
        let run = await identityctl(["token", "--config", path, "--app", "web", "--provider", "echo", "--email", "ann@example.com"])
        #expect(run.status == 1)
        let error = try #require(run.object?["error"])
        #expect(error["code"] == "missing_identifier")
        #expect(error["field"] == "userId")
        #expect(error["vendor_code"] == .null)
        #expect(error["message"] == "echo needs a user id.")
        #expect(error["kind"] == "echo")
        #expect(run.stderr.first?.contains("missing_identifier") == true, "a human message on stderr")
    }

    @Test("token: an unknown app or provider is configuration_invalid naming what exists")
    func tokenUnknownInstance() async throws {
        let path = try echoConfiguration()
        let app = await identityctl(["token", "--config", path, "--app", "mobile", "--provider", "echo", "--user-id", "u"])
        #expect(app.status == 1)
        #expect(app.object?["error"]?["code"] == "configuration_invalid")
        #expect(app.object?["error"]?["field"] == "app")
        let provider = await identityctl(["token", "--config", path, "--app", "web", "--provider", "nope", "--user-id", "u"])
        #expect(provider.status == 1)
        #expect(provider.object?["error"]?["message"]?.stringValue?.contains("providers: echo, plain-one") == true)
    }

    @Test("token with an invalid configuration: exit 1, configuration_invalid on stdout, diagnostics on stderr")
    func tokenInvalidConfiguration() async throws {
        let path = try temporaryFile("apps:\n  web:\n    providers:\n      - kind: echo\n        secret: \(echoSecret)\n")
        let run = await identityctl(["token", "--config", path, "--app", "web", "--provider", "echo", "--user-id", "u"])
        #expect(run.status == 1)
        #expect(run.object?["error"]?["code"] == "configuration_invalid")
        #expect(run.stderr.contains { $0.hasPrefix("\(path):5:17: error: ") })
        #expect(!run.allText.contains(echoSecret), "a literal secret is refused without being echoed")
    }

    @Test("--now must be an integer: anything else is a usage error (exit 2)", arguments: ["abc", "1.5", "1e9", ""])
    func nowMustBeInteger(value: String) async throws {
        let path = try echoConfiguration()
        let run = await identityctl(["token", "--config", path, "--app", "web", "--provider", "echo", "--user-id", "u", "--now", value])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
    }

    @Test("missing required options, unknown options and unknown subcommands are usage errors (exit 2)")
    func usageErrors() async throws {
        let path = try echoConfiguration()
        for arguments in [
            ["token", "--config", path, "--app", "web"],
            ["token", "--config", path, "--app", "web", "--provider", "echo", "--colour", "x"],
            ["verify", "--config", path, "--app", "web", "--provider", "echo"],
            ["frobnicate"],
            ["events"],
        ] {
            let run = await identityctl(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(!run.stderr.isEmpty, "\(arguments)")
        }
    }

    // MARK: verify

    @Test("verify: a fresh token is {\"valid\": true, \"claims\"}; tampered or expired is {\"valid\": false, \"error\"} and exit 1")
    func verify() async throws {
        let path = try echoConfiguration()
        let issued = await identityctl([
            "token", "--config", path, "--app", "web", "--provider", "echo", "--user-id", "u-1", "--now", "1000",
        ])
        let jwt = try #require(issued.object?["credential"]?["jwt"]?.stringValue)
        let base = ["verify", "--config", path, "--app", "web", "--provider", "echo"]

        let valid = await identityctl(base + ["--now", "1001", jwt])
        #expect(valid.status == 0)
        #expect(valid.object == ["valid": true, "claims": ["sub": "u-1", "exp": 1600], "key_id": "k1"])

        let expired = await identityctl(base + ["--now", "1600", jwt])
        #expect(expired.status == 1)
        #expect(expired.object?["valid"] == false)
        #expect(expired.object?["error"]?["code"] == "token_expired")

        let tampered = await identityctl(base + ["--now", "1001", String(jwt.dropLast(2)) + (jwt.hasSuffix("AA") ? "BB" : "AA")])
        #expect(tampered.status == 1)
        #expect(tampered.object?["error"]?["code"] == "token_invalid")
        #expect(tampered.object?["error"]?["vendor_code"] == "BadSignature")

        let malformed = await identityctl(base + ["not-a-jwt"])
        #expect(malformed.status == 1)
        #expect(malformed.object?["error"]?["code"] == "token_malformed")

        let otherUser = await identityctl(base + ["--now", "1001", "--user-id", "u-2", jwt])
        #expect(otherUser.status == 1)
        #expect(otherUser.object?["error"]?["field"] == "sub")
        #expect(!(valid.allText + expired.allText).contains(echoSecret))
    }

    // MARK: exchange

    @Test("exchange: a valid user token gives {\"jwt\"}; an invalid one exit 1; a kind without exchange is unsupported_operation")
    func exchange() async throws {
        let path = try echoConfiguration()
        let issued = await identityctl([
            "token", "--config", path, "--app", "web", "--provider", "echo", "--user-id", "u-1", "--now", "1000",
        ])
        let userToken = try #require(issued.object?["credential"]?["jwt"]?.stringValue)
        let run = await identityctl(["exchange", "--config", path, "--app", "web", "--provider", "echo", "--now", "1001", userToken])
        #expect(run.status == 0)
        let jwt = try #require(run.object?["jwt"]?.stringValue)
        #expect(try DecodedJWT.decode(jwt).optionalBool("exchanged") == true)
        #expect(keys(of: run.object) == ["jwt"])

        let late = await identityctl(["exchange", "--config", path, "--app", "web", "--provider", "echo", "--now", "5000", userToken])
        #expect(late.status == 1)
        #expect(late.object?["error"]?["code"] == "token_expired")

        let plain = await identityctl(["exchange", "--config", path, "--app", "web", "--provider", "plain-one", userToken])
        #expect(plain.status == 1)
        #expect(plain.object?["error"]?["code"] == "unsupported_operation")
    }

    // MARK: events

    @Test("events: one uniform event per line; a malformed line gives an error line, processing goes on, exit 1 at the end")
    func events() async throws {
        let input = [
            #"{"name":"loggedIn","data":{"id":"v-1"}}"#,
            "not json",
            "",
            #"{"name":"loggedIn","data":{"id":7}}"#,
            #"["loggedOut"]"#,
            #"{"data":{}}"#,
            #"{"name":"loggedOut","data":[]}"#,
            #"{"name":"loggedOut"}"#,
            #"{"name":"somethingElse","data":{"x":1}}"#,
        ]
        let run = await identityctl(["events", "--provider", "echo"], input: input)
        #expect(run.status == 1)
        let lines = run.json
        #expect(lines.count == 8, "blank lines are skipped")
        #expect(
            lines[0] == [
                "name": "login_succeeded", "provider": "echo", "kind": "echo",
                "data": ["user": ["vendor_user_id": "v-1", "anonymous": false, "authenticated": true]],
            ])
        #expect(lines[1]["error"]?["code"] == "invalid_value_type")
        #expect(lines[1]["line"] == 2)
        #expect(lines[2]["error"]?["field"] == "data.id")
        #expect(lines[2]["line"] == 4)
        #expect(lines[3]["line"] == 5)
        #expect(lines[4]["error"]?["field"] == "name")
        #expect(lines[5]["error"]?["field"] == "data")
        #expect(lines[6]["name"] == "logged_out")
        #expect(lines[7]["name"] == "vendor_event")
        #expect(lines[7]["data"] == ["vendor_name": "somethingElse", "vendor_data": ["x": 1]])
        #expect(run.stderr.last?.contains("5 of the input lines") == true)
    }

    @Test("events: all lines mapped is exit 0; --provider names an instance with --config and --app")
    func eventsByInstance() async throws {
        let path = try temporaryFile(
            "apps:\n  web:\n    providers:\n      - kind: echo\n        name: eu\n        secret: ${ECHO_SECRET}\n")
        let run = await identityctl(
            ["events", "--config", path, "--app", "web", "--provider", "eu"], input: [#"{"name":"loggedOut","data":{}}"#])
        #expect(run.status == 0)
        #expect(run.object == ["name": "logged_out", "provider": "eu", "kind": "echo", "data": [:]])
    }

    @Test("events: \"data\": null is the same as absent data (the vendor lists many events whose data is nil)")
    func eventsNullData() async throws {
        let run = await identityctl(
            ["events", "--provider", "echo"], input: [#"{"name":"loggedOut","data":null}"#, #"{"name":"loggedOut"}"#])
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.json.count == 2)
        #expect(run.json.first == run.json.last)
        #expect(run.json.first?["name"] == "logged_out")
        #expect(run.json.first?["error"] == nil)
    }

    @Test("events: an unknown kind or a kind without event mapping is exit 1 with an error line; half of --config/--app is exit 2")
    func eventsErrors() async throws {
        let unknown = await identityctl(["events", "--provider", "nope"], input: [])
        #expect(unknown.status == 1)
        #expect(unknown.object?["error"]?["code"] == "configuration_invalid")
        let plain = await identityctl(["events", "--provider", "plain"], input: [])
        #expect(plain.status == 1)
        #expect(plain.object?["error"]?["code"] == "unsupported_operation")
        let half = await identityctl(["events", "--provider", "echo", "--config", "x.yaml"], input: [])
        #expect(half.status == 2)
    }

    // MARK: demo

    @Test("demo logs a user in and out of every instance against the simulators and shows the events")
    func demo() async throws {
        let path = try temporaryFile(
            """
            apps:
              web:
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
              mobile:
                providers:
                  - kind: echo
                    name: echo-mobile
                    secret: ${ECHO_SECRET}
            """)
        let run = await identityctl(["demo", "--config", path, "--now", "1767225600"])
        #expect(run.status == 0, "\(run.allText)")
        let text = run.stdout.joined(separator: "\n")
        #expect(text.contains("== app web / provider echo (kind echo) =="))
        #expect(text.contains("== app mobile / provider echo-mobile (kind echo) =="))
        #expect(run.stdout.filter { $0.hasPrefix("   event login_succeeded ") }.count == 2)
        #expect(run.stdout.filter { $0.hasPrefix("   event logged_out ") }.count == 2)
        #expect(text.contains("2026-01-01T00:00:00Z"))
        #expect(run.stdout.count < 60, "a few screens at most")
        #expect(!run.allText.contains(echoSecret))
    }

    @Test("demo: a missing configuration file is a clear error (exit 1); a kind without simulator is reported")
    func demoErrors() async throws {
        let missing = await identityctl(["demo", "--config", "/nonexistent/config.example.yaml"])
        #expect(missing.status == 1)
        #expect(missing.stderr.first?.contains("no configuration file at '/nonexistent/config.example.yaml'") == true)
        let path = try echoConfiguration()
        let run = await identityctl(["demo", "--config", path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("   skipped: no simulator is registered for kind plain."))
        #expect(run.stdout.contains { $0.hasPrefix("   event login_succeeded ") }, "the echo instance still ran")
    }

    // MARK: help

    @Test(
        "every subcommand has --help with examples (exit 0, on stdout)",
        arguments: ["validate", "token", "verify", "exchange", "events", "demo"])
    func help(subcommand: String) async {
        let run = await identityctl([subcommand, "--help"])
        #expect(run.status == 0)
        let text = run.stdout.joined(separator: "\n")
        #expect(text.contains("Examples:"))
        #expect(text.contains("identityctl \(subcommand)"))
    }

    @Test("identityctl --help lists every subcommand")
    func rootHelp() async {
        let run = await identityctl(["--help"])
        #expect(run.status == 0)
        let text = run.stdout.joined(separator: "\n")
        for name in ["validate", "token", "verify", "exchange", "events", "demo"] { #expect(text.contains(name)) }
    }
}
