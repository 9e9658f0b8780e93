import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeServer
import IdentityBridgeTestSupport
import Testing

/// `identity-server`: its options, its checks, its refusal to start naming itself; and `identityctl serve`,
/// which moved there, says so.
@Suite struct ServerCommandTests {
    func server(
        _ arguments: [String], variables: [String: String] = ["ECHO_SECRET": echoSecret], process: [String: String] = [:]
    ) async -> CLIRun {
        let capture = CapturedOutput()
        let environment = ServerEnvironment(
            registry: ProviderRegistry([EchoPlugin(), PlainPlugin()]), configEnvironment: ConfigEnvironment(variables: variables),
            output: capture.output, processEnvironment: process)
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
        // Each range is `TokenService.Limits`' own (issue 58), checked before a number becomes a duration.
        let others: [([String], String)] = [
            (["--idle-timeout", "nan"], "--idle-timeout nan is not a duration; use more than 0 and at most 86400 seconds."),
            (["--max-connections", "0"], "--max-connections 0 is out of range; use 1 through 1000000."),
        ]
        for (arguments, message) in others {
            let run = await server(["--config", "x.yaml"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.allText.contains(message), "\(arguments): \(run.allText)")
        }
        // A combination is checked once the file's `server:` section and the environment are read too.
        let grace = await server(["--config", "x.yaml", "--drain-idle-grace", "30"])
        #expect(grace.status == 1)
        // With the file's own problem (x.yaml does not exist): both are reported.
        #expect(grace.stderr.count == 3, "\(grace.stderr)")
        #expect(grace.stderr.first?.hasPrefix("x.yaml:1:1: error: ") == true, "\(grace.stderr)")
        #expect(
            grace.stderr.dropFirst().first
                == "--drain-idle-grace 30.0 is longer than --drain-timeout (default) 25.0; use at most the drain's deadline.")
        #expect(grace.stderr.last == "identity-server: not started (2 problems).")
        let metricsHost = await server(["--config", "x.yaml", "--metrics-host", "0.0.0.0"])
        #expect(metricsHost.status == 1)
        #expect(
            metricsHost.stderr.dropFirst().first
                == "--metrics-host needs a metrics port (--metrics-port, server.metrics_port or IDENTITY_SERVER_METRICS_PORT): "
                + "the metrics listener's port.", "\(metricsHost.stderr)")
    }

    /// The file's `server:` section, the environment and the flags fill one set of settings; each problem names its
    /// source, and nothing starts.
    @Test func theServerSectionAndTheEnvironmentAreReadAndTheirProblemsNamed() async throws {
        let config = try temporaryFile(
            """
            apps:
              web:
                service:
                  api_keys:
                    - ${ECHO_SECRET}
                providers:
                  - kind: echo
                    secret: ${ECHO_SECRET}
            server:
              port: 70000
              limits:
                idle_timeout: soon
              metrics_host: 0.0.0.0
            """)
        let run = await server(["--config", config], process: ["IDENTITY_SERVER_LOG_LEVEL": "chatty"])
        #expect(run.status == 1)
        #expect(
            run.stderr == [
                "\(config):10:9: error: server.port 70000 is not a port; use 0 through 65535.",
                "\(config):12:19: error: server.limits.idle_timeout 'soon' is not a duration such as 30, 2.5, 500ms, 30s, 5m or 1h.",
                "IDENTITY_SERVER_LOG_LEVEL 'chatty' is not one of trace, debug, info, notice, warning, error, critical.",
                "identity-server: not started (3 problems).",
            ])
        // A flag overrides the file's value, but does not hide the file's mistake: the next start without it would fail.
        let flagged = await server(["--config", config, "--port", "0", "--idle-timeout", "5"])
        #expect(flagged.stderr == Array(run.stderr.prefix(2)) + ["identity-server: not started (2 problems)."])
        // Without those, the settings that go together are checked, each named by its source.
        let fixed = config + ".fixed.yaml"
        try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(of: "70000", with: "9000")
            .replacingOccurrences(of: "soon", with: "5s").write(toFile: fixed, atomically: true, encoding: .utf8)
        let together = await server(["--config", fixed, "--metrics-port", "9000"])
        #expect(
            together.stderr == [
                "--metrics-port 9000 is server.port (\(fixed):10:9) too; give the metrics listener a port of its own.",
                "identity-server: not started (1 problem).",
            ])
    }

    /// Issue 49's options and the OpenTelemetry environment: each bad value named, nothing started.
    @Test func badObservabilityOptionsAndTracingSettingsAreNamed() async throws {
        let options: [([String], String)] = [
            (["--log-format", "xml"], "--log-format 'xml' is not one of text, json."),
            (["--metrics-port", "70000"], "--metrics-port 70000 is not a port; use 0 through 65535."),
            (
                ["--port", "9000", "--metrics-port", "9000"],
                "--metrics-port 9000 is --port too; give the metrics listener a port of its own."
            ),
        ]
        for (arguments, message) in options {
            let run = await server(["--config", "x.yaml"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.allText.contains(message), "\(arguments): \(run.allText)")
        }
        let tracing: [([String: String], String)] = [
            (
                ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4317", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"],
                "OTEL_EXPORTER_OTLP_PROTOCOL=grpc: identity-server exports OTLP over HTTP only"
            ),
            (
                ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json"],
                "OTEL_EXPORTER_OTLP_PROTOCOL=http/json is not supported: the exporter would write trace and span ids in base64"
            ),
            (["OTEL_TRACES_EXPORTER": "zipkin"], "OTEL_TRACES_EXPORTER=zipkin is not supported here; use otlp (or none)."),
            (["OTEL_EXPORTER_OTLP_ENDPOINT": "collector:4318"], "The OTLP endpoint must be an http:// or https:// URL"),
        ]
        for (process, message) in tracing {
            let run = await server(["--config", "/nonexistent/config.yaml"], process: process)
            #expect(run.status == 1, "\(process)")
            #expect(run.stderr.first?.contains(message) == true, "\(process): \(run.allText)")
            #expect(run.stderr.last == "identity-server: not started (1 problem).")
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
