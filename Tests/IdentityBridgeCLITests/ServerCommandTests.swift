import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeServer
import Testing

/// `identity-server` and `identityctl serve` are one command: the same options, the same checks, the
/// same refusal to start, each naming itself.
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
        #expect(!helpText.contains("identityctl serve"))
        let serveHelp = await identityctl(["serve", "--help"])
        #expect(serveHelp.allText.contains("--watch-interval"))

        for run in [
            await server(["--config", "x.yaml", "--watch-interval", "0"]),
            await identityctl(["serve", "--config", "x.yaml", "--watch-interval", "0"]),
        ] {
            #expect(run.status == 2)
            #expect(run.allText.contains("--watch-interval 0.0 is not 0.05 through 3600 seconds; use --no-watch to turn watching off."))
        }
    }

    @Test func bothRefuseABadLimitNamingTheOption() async throws {
        for option in ["--idle-timeout", "--head-timeout", "--body-timeout", "--drain-timeout", "--drain-idle-grace"] {
            for value in ["0", "86401"] {
                for run in [
                    await server(["--config", "x.yaml", option, value]),
                    await identityctl(["serve", "--config", "x.yaml", option, value]),
                ] {
                    #expect(run.status == 2, "\(option) \(value)")
                    #expect(
                        run.allText.contains("\(option) \(Double(value)!) is not a duration; use more than 0 and at most 86400 seconds."),
                        "\(option) \(value): \(run.allText)")
                }
            }
        }
    }

    @Test func aServerThatCannotStartNamesItself() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/config.yaml"
        let server = await server(["--config", missing])
        #expect(server.status == 1)
        #expect(server.stderr.last == "identity-server: not started (1 problem).")
        let serve = await identityctl(["serve", "--config", missing])
        #expect(serve.status == 1)
        #expect(serve.stderr.last == "identityctl serve: not started (1 problem).")
    }
}
