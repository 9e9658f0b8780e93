#if TokenService
public import ArgumentParser
import Foundation
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import Logging
import Synchronization

/// `identity-server`: the token service (the IdentityBridgeHummingbird routes) as a standalone
/// server, in a module that imports no test kit. A package that registers its own kinds runs the
/// same command through ``IdentityServer/run(_:environment:)``.
public struct ServeCommand: AsyncParsableCommand {
    /// The command's name, help and examples.
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the token service's HTTP routes for every app with a 'service:' section.",
        discussion: """
            Prints one JSON line {"event":"listening","host":H,"port":P} on stdout when it accepts requests \
            (--port 0 picks a free port), then logs one line per request on stderr. SIGTERM or SIGINT stops \
            it with a drain: /readyz answers 503 at once, the listener closes, every request already received is \
            answered with Connection: close, idle connections close, and it exits 0 within --drain-timeout. A \
            change of the configuration file or of any file it reads (secret files, secret lists, the JWK set; a \
            Kubernetes ..data swap or a write-and-rename too) reloads it once the files rest (--watch-interval, \
            --no-watch); SIGHUP reloads too. A configuration with errors is refused and the old one keeps \
            serving; /readyz shows the generation and, until a reload succeeds, the refusal (reload_refused: \
            each problem's file, line and column).

            The listener, log and limit options can also be set under the configuration's server: section \
            (server.port, server.limits.idle_timeout, ...) or by IDENTITY_SERVER_* variables (IDENTITY_SERVER_PORT, ...); \
            a flag beats a variable, which beats the file. They are read at start; a reload that changes them warns. \
            Each bad value is refused naming its file line, variable or flag.

            It refuses to start (exit 1, naming each setting) when a secret or API key resolved from a \
            ${VAR:-default} development default, unless --allow-development-secrets is given; then it \
            logs a warning per setting at start and on each reload.

            --metrics-port moves /metrics to a second listener (with /healthz and /readyz; the main one then \
            answers /metrics 404) and prints {"event":"listening","listener":"metrics","host":H,"port":P} after \
            the main line. Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, \
            or OTEL_TRACES_EXPORTER=otlp) is set: then a span per request goes over OTLP/HTTP, continuing the \
            caller's traceparent; OTEL_SERVICE_NAME (default identity-server), OTEL_TRACES_SAMPLER and the other \
            OpenTelemetry variables apply.

            Examples:
              identity-server --config config.example.yaml --allow-development-secrets
                  (a local try-out on 127.0.0.1:8080 with the example's development secrets)
              identity-server --config identity.yaml --host 0.0.0.0 --port 8080
                  (every secret and API key from the environment or a *_file: setting)
              identity-server --config identity.yaml --host 0.0.0.0 --metrics-host 0.0.0.0 --metrics-port 9090 --log-format json
                  (as the Kubernetes manifest runs it: /metrics on its own port, JSON log lines)
            """)

    @Option(name: .long, help: ArgumentHelp("The YAML configuration file.", valueName: "file"))
    var config: String

    @Option(name: .long, help: ArgumentHelp("The address to listen on" + ServerSettings.helpNote(.host) + ".", valueName: "host"))
    var host: String?

    @Option(
        name: .long, help: ArgumentHelp("The port to listen on, 0: any free port" + ServerSettings.helpNote(.port) + ".", valueName: "port")
    )
    var port: Int?

    @Flag(
        name: .customLong("allow-development-secrets"),
        help: "Accept secrets that resolved from ${VAR:-default} defaults (with a warning each).")
    var allowDevelopmentSecrets = false

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "trace, debug, info (one line per request), notice, warning, error" + ServerSettings.helpNote(.logLevel) + ".",
            valueName: "level"))
    var logLevel: String?

    @Option(
        name: .customLong("log-format"),
        help: ArgumentHelp(
            "text (swift-log's line) or json (one object per line)" + ServerSettings.helpNote(.logFormat) + ".", valueName: "format"))
    var logFormat: String?

    @Option(
        name: .customLong("metrics-host"),
        help: ArgumentHelp(
            "The address of the metrics listener, with a metrics port" + ServerSettings.helpNote(.metricsHost) + ".", valueName: "host"))
    var metricsHost: String?

    @Option(
        name: .customLong("metrics-port"),
        help: ArgumentHelp(
            "Serve /metrics, /healthz and /readyz on this port (0: any free port) and /metrics no longer on --port"
                + ServerSettings.helpNote(.metricsPort) + ".", valueName: "port"))
    var metricsPort: Int?

    @OptionGroup(title: "Connection limits")
    var limits: ServeLimitOptions

    @OptionGroup var watching: WatchOptions

    /// Creates the command with its defaults (ArgumentParser fills the options).
    public init() {}

    /// Checks each option given; their combinations with the file's `server:` section and the environment are checked
    /// once all are read (``ServerSettings/resolve(file:environment:flags:)``).
    public func validate() throws {
        var settings = ServerSettings()
        for (setting, text) in given where setting.isLimit == false {
            if let problem = settings.set(setting, text, from: .flag(setting.flag)) { throw ValidationError(problem) }
        }
        // Both flags: no file or variable can change either.
        if port != nil, metricsPort != nil, let problem = settings.sharedPortProblem() { throw ValidationError(problem) }
    }

    /// The flags given, by setting, as text.
    var given: [ServerSetting: String] {
        var given = limits.given
        given[.host] = host
        given[.port] = port.map { "\($0)" }
        given[.metricsHost] = metricsHost
        given[.metricsPort] = metricsPort.map { "\($0)" }
        given[.logLevel] = logLevel
        given[.logFormat] = logFormat
        return given
    }

    /// Loads the configuration and serves until SIGTERM / SIGINT.
    public func run() async throws {
        let environment = ServerEnvironment.current
        // The server's settings first: the file's `server:` section (a file that cannot be read is reported by the
        // load below, with every other problem), the environment, the flags.
        let section: ServerSection?
        var problems: [String] = []
        do {
            section = try ConfigurationLoader(registry: environment.registry, environment: environment.configEnvironment)
                .serverSection(path: config)
        } catch {
            // Reported with the settings' problems, or by the load below with every other problem of the file.
            section = nil
            problems = error.diagnostics.map(\.description)
        }
        let (settings, settingsProblems) = ServerSettings.resolve(file: section, environment: environment.processEnvironment, flags: given)
        problems = settingsProblems.isEmpty ? [] : problems + settingsProblems
        guard problems.isEmpty else {
            for problem in problems { environment.output.stderr(problem) }
            environment.output.stderr(
                "\(environment.programName): not started (\(problems.count) problem\(problems.count == 1 ? "" : "s")).")
            throw ExitCode.failure
        }
        // The same lines as swift-log's default stderr handler, cheaper per line (see ServerLogHandler).
        var logger = Logger(label: "identity-server") { ServerLogHandler(label: $0, format: settings.logFormat) }
        logger.logLevel = settings.logLevel
        let tracing: ServerTracing?
        do {
            tracing = try ServerTracing.from(environment: environment.processEnvironment, logger: logger)
        } catch {
            environment.output.stderr("\(environment.programName): \(error)")
            environment.output.stderr("\(environment.programName): not started (1 problem).")
            throw ExitCode.failure
        }
        let loader = ConfigurationLoader(registry: environment.registry, environment: environment.configEnvironment, logger: logger)
        let service = TokenService(
            configPath: config, loader: loader, allowDevelopmentSecrets: allowDevelopmentSecrets, logger: logger,
            limits: settings.limits, watch: watching.settings, tracer: tracing?.tracer)
        do {
            try await service.start()
        } catch {
            // Each problem is a diagnostic line, `FILE:LINE:COLUMN: error: MESSAGE`, printed as it is.
            for problem in error.problems { environment.output.stderr(problem) }
            environment.output.stderr(
                "\(environment.programName): not started (\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")).")
            throw ExitCode.failure
        }
        let output = environment.output
        // The main listener's line first, whichever listener binds first.
        let lines = ListeningLines(output: output)
        let metricsListener = settings.metricsPort.map { port in
            TokenService.MetricsListener(host: settings.metricsHost, port: port) { host, port in
                lines.print(["event": "listening", "listener": "metrics", "host": .string(host), "port": .int(Int64(port))], main: false)
            }
        }
        do {
            try await service.run(host: settings.host, port: settings.port, metricsListener: metricsListener, telemetry: tracing?.service) {
                host, port in
                lines.print(["event": "listening", "host": .string(host), "port": .int(Int64(port))], main: true)
            }
        } catch let error as TokenService.ListenError {
            output.stderr("\(environment.programName): \(error)")
            throw ExitCode.failure
        }
    }
}

/// The listening lines on stdout, the main listener's first: a metrics listener that binds first waits for it.
final class ListeningLines: Sendable {
    let output: CommandOutput
    private let state = Mutex<(mainPrinted: Bool, pending: [String: JSONValue]?)>((false, nil))

    init(output: CommandOutput) { self.output = output }

    /// Prints `line` (the main listener's when `main`), or keeps a metrics line until the main one is out; under
    /// the lock, so the two never swap.
    func print(_ line: [String: JSONValue], main: Bool) {
        state.withLock { state in
            if main {
                state.mainPrinted = true
                output.json(.object(line))
                if let pending = state.pending { output.json(.object(pending)) }
                state.pending = nil
            } else if state.mainPrinted {
                output.json(.object(line))
            } else {
                state.pending = line
            }
        }
    }
}
#endif
