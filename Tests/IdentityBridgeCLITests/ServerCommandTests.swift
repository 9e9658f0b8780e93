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

extension ServerCommandTests {
    @Test func aRefusedStartPrintsEachDiagnosticWithOnePrefix() async throws {
        let config = try temporaryFile(
            """
            apps:
              web:
                service:
                  api_keys_file: empty-keys
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
                    token_lifetime: 99999h
            """)
        try "".write(
            toFile: URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("empty-keys").path, atomically: true,
            encoding: .utf8)
        let run = await server(["--config", config])
        #expect(run.status == 1)
        #expect(run.stderr.count == 3, "\(run.stderr)")
        // An empty list file stays an error where the setting needs a secret (api_keys).
        #expect(
            run.stderr.first
                == "\(config):4:22: error: secret file 'empty-keys' for 'api_keys' of service of app 'web' is empty; write one secret per line (at least 1 secret)."
        )
        for line in run.stderr.dropLast() {
            #expect(line.hasPrefix("\(config):"), "\(line)")
            #expect(line.components(separatedBy: "error:").count == 2, "one 'error:' per line: \(line)")
        }
        #expect(run.stderr.last == "identity-server: not started (2 problems).")
    }
}
