import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

// ADAPTER-DEPENDENT: these tests run identityctl with the built-in registry and simulators
// (StandardProviders) on the repository's config.example.yaml. They pass once the four adapter
// branches (Helpshift, Zendesk Support, Chat, Messaging) are merged; with the adapter stubs of the
// foundation branch they fail, because the stubs refuse every configuration.

/// Runs identityctl with the standard registry, the real environment and config.example.yaml.
func standardCTL(_ arguments: [String]) async -> CLIRun {
    let capture = CapturedOutput()
    let environment = CLIEnvironment(output: capture.output, input: .lines([]))
    let status = await IdentityCTL.run(arguments, environment: environment)
    return CLIRun(status: status, stdout: capture.stdoutLines, stderr: capture.stderrLines)
}

let exampleConfiguration = repositoryRoot.appendingPathComponent("config.example.yaml").path

@Suite("identityctl with the built-in kinds (adapter-dependent)")
struct StandardKindsCLITests {
    @Test("config.example.yaml validates: one app, one instance of each kind")
    func validateExample() async {
        let run = await standardCTL(["validate", exampleConfiguration])
        #expect(run.status == 0, "\(run.allText)")
        #expect(
            run.stdout == [
                "\(exampleConfiguration): ok: 1 app (demo), 4 providers (demo/helpshift: helpshift, demo/zendesk-support: zendesk-support, demo/zendesk-chat: zendesk-chat, demo/zendesk-messaging: zendesk-messaging)"
            ])
    }

    @Test(
        "token prints the credential fields of the contract for each kind",
        arguments: [
            ("helpshift", ["userId", "userEmail", "userName", "userAuthToken"]),
            ("zendesk-support", ["user_token"]),
            ("zendesk-chat", ["jwt"]),
            ("zendesk-messaging", ["jwt"]),
        ])
    func token(provider: String, fields: [String]) async throws {
        let run = await standardCTL([
            "token", "--config", exampleConfiguration, "--app", "demo", "--provider", provider,
            "--user-id", "u-1", "--email", "ann@example.com", "--name", "Ann", "--now", "1767225600",
        ])
        #expect(run.status == 0, "\(run.allText)")
        let object = try #require(run.object)
        #expect(object["kind"] == .string(provider))
        #expect(Set(fields).isSubset(of: keys(of: object["credential"])), "the contract fields for the kind")
    }

    @Test("a JWT from token verifies with verify", arguments: ["zendesk-chat", "zendesk-messaging"])
    func verifyJWT(provider: String) async throws {
        let base = ["--config", exampleConfiguration, "--app", "demo", "--provider", provider]
        let issued = await standardCTL(
            ["token"] + base + ["--user-id", "u-1", "--email", "ann@example.com", "--name", "Ann", "--now", "1767225600"])
        let jwt = try #require(issued.object?["credential"]?["jwt"]?.stringValue)
        let run = await standardCTL(["verify"] + base + ["--now", "1767225660", jwt])
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["valid"] == true)
        let wrong = await standardCTL(["verify"] + base + ["--now", "1767225660", jwt + "x"])
        #expect(wrong.status == 1)
        #expect(wrong.object?["valid"] == false)
    }

    @Test("Helpshift: the userAuthToken verifies for the user named by --user-id / --email")
    func verifyHelpshift() async throws {
        let base = ["--config", exampleConfiguration, "--app", "demo", "--provider", "helpshift"]
        let issued = await standardCTL(["token"] + base + ["--user-id", "u-1", "--email", "ann@example.com", "--now", "1767225600"])
        let token = try #require(issued.object?["credential"]?["userAuthToken"]?.stringValue)
        let run = await standardCTL(["verify"] + base + ["--user-id", "u-1", "--email", "ann@example.com", token])
        #expect(run.status == 0, "\(run.allText)")
        let other = await standardCTL(["verify"] + base + ["--user-id", "u-2", "--email", "ann@example.com", token])
        #expect(other.status == 1)
        #expect(other.object?["valid"] == false)
    }

    @Test("Zendesk Support: the user token from token exchanges for a JWT")
    func exchangeSupport() async throws {
        let base = ["--config", exampleConfiguration, "--app", "demo", "--provider", "zendesk-support"]
        let issued = await standardCTL(
            ["token"] + base + ["--user-id", "u-1", "--email", "ann@example.com", "--name", "Ann", "--now", "1767225600"])
        let userToken = try #require(issued.object?["credential"]?["user_token"]?.stringValue)
        let run = await standardCTL(["exchange"] + base + ["--now", "1767225610", userToken])
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["jwt"]?.stringValue?.split(separator: ".").count == 3)
    }

    @Test("demo runs every instance of config.example.yaml against the simulators")
    func demo() async {
        let run = await standardCTL(["demo", "--config", exampleConfiguration, "--now", "1767225600"])
        #expect(run.status == 0, "\(run.allText)")
        for provider in ["helpshift", "zendesk-support", "zendesk-chat", "zendesk-messaging"] {
            #expect(run.stdout.contains("== app demo / provider \(provider) (kind \(provider)) =="))
        }
        #expect(run.stdout.count < 120, "a few screens at most")
    }
}

@Suite("identityctl events with the built-in kinds (adapter-dependent)")
struct StandardKindsEventsCLITests {
    @Test("Helpshift: widgetToggle maps to widget_toggled; a malformed line is an error line and exit 1")
    func helpshiftEvents() async throws {
        let capture = CapturedOutput()
        let environment = CLIEnvironment(
            output: capture.output,
            input: .lines([#"{"name": "widgetToggle", "data": {"visible": true}}"#, "{"]))
        let status = await IdentityCTL.run(["events", "--provider", "helpshift", "--now", "1767225600"], environment: environment)
        let run = CLIRun(status: status, stdout: capture.stdoutLines, stderr: capture.stderrLines)
        #expect(run.status == 1, "the malformed second line")
        let lines = run.json
        #expect(lines.first?["name"] == "widget_toggled")
        #expect(lines.first?["data"]?["visible"] == true)
        #expect(lines.last?["line"] == 2)
    }
}
