import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeServer
import Testing

/// `identity-server`: its options, its checks, its refusal to start naming itself; and `identityctl serve`,
/// which moved there, says so.
@Suite struct ServerCommandTests {
    func server(_ arguments: [String], variables: [String: String] = ["ECHO_SECRET": echoSecret]) async -> CLIRun {
        let capture = CapturedOutput()
        let environment = ServerEnvironment(
            registry: ProviderRegistry([EchoPlugin(), PlainPlugin()]), configEnvironment: ConfigEnvironment(variables: variables),
            output: capture.output)
        let status = await IdentityServer.run(arguments, environment: environment)
        return CLIRun(status: status, stdout: capture.stdoutLines, stderr: capture.stderrLines)
    }

    @Test func bothTakeTheWatchOptionsAndRefuseABadInterval() async throws {
        let help = await server(["--help"])
        #expect(help.status == 0)
        let helpText = help.allText
        #expect(helpText.contains("identity-server"))
        for option in ["--config", "--host", "--port", "--allow-development-secrets", "--log-level", "--watch-interval", "--no-watch"] {
            #expect(helpText.contains(option), "\(option) missing from identity-server --help")
        }
        #expect(!helpText.contains("identityctl"))
        let run = await server(["--config", "x.yaml", "--watch-interval", "0"])
        #expect(run.status == 2)
        #expect(run.allText.contains("--watch-interval 0.0 is not 0.05 through 3600 seconds; use --no-watch to turn watching off."))
    }

    @Test func bothRefuseABadLimitNamingTheOption() async throws {
        for option in ["--idle-timeout", "--head-timeout", "--body-timeout", "--drain-timeout", "--drain-idle-grace"] {
            for value in ["0", "86401"] {
                let run = await server(["--config", "x.yaml", option, value])
                #expect(run.status == 2, "\(option) \(value)")
                #expect(
                    run.allText.contains("\(option) \(Double(value)!) is not a duration; use more than 0 and at most 86400 seconds."),
                    "\(option) \(value): \(run.allText)")
            }
        }
    }

    @Test func aServerThatCannotStartNamesItself() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/config.yaml"
        let server = await server(["--config", missing])
        #expect(server.status == 1)
        #expect(server.stderr.last == "identity-server: not started (1 problem).")
    }

    /// The token service moved out of `identityctl` (which builds no HTTP server): `identityctl serve` names
    /// the command to run instead, with the arguments it was given.
    @Test func identityctlServeNamesIdentityServer() async throws {
        let serve = await identityctl(["serve", "--config", "config.example.yaml", "--port", "9000"])
        #expect(serve.status == 2)
        #expect(
            serve.stderr == [
                "error: 'identityctl serve' is now its own executable, identity-server (the same options): "
                    + "swift run identity-server --config config.example.yaml --port 9000"
            ])
        let help = await identityctl(["--help"])
        #expect(!help.allText.contains("serve"))
    }
}
