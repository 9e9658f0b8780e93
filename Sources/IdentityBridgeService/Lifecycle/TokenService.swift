#if TokenService
public import IdentityBridge
public import Logging
import Synchronization
public import Tracing

/// The token service's life behind any front end: the configuration loaded, watched and reloaded into a live
/// ``ServiceState``, the session keys kept, the metrics; `identity-server` serves it on Hummingbird
/// (`IdentityBridgeHummingbird`'s `run`), a Vapor app mounts its routes (`IdentityBridgeVapor`).
///
/// - SIGTERM / SIGINT drain it: `/readyz` answers 503 at once, the listener closes, every request
///   already received is answered with `Connection: close`, idle connections close, and the
///   service returns within ``Limits/drainTimeout``.
/// - Slow and idle connections are closed and open connections capped (``Limits``).
/// - A change of the configuration file or of any file it read (``ConfigurationWatcher``, on when
///   `watch` is given), SIGHUP or ``reload()`` loads the configuration, secrets and key files again and swaps the new
///   snapshot in atomically; a configuration with errors is refused (diagnostics logged, counted in
///   `identitybridge_config_reloads_total{result="refused"}` and shown by `/readyz` under
///   `reload_refused` until a reload succeeds) and the old one keeps serving.
/// - Development secrets (`${VAR:-default}` defaults) are refused unless `allowDevelopmentSecrets`,
///   and then logged as one warning per setting at start and on every reload.
public final class TokenService: Sendable {
    /// Why the service could not start.
    public struct StartError: Error, Sendable {
        /// One line per problem, `FILE:LINE:COLUMN: error: MESSAGE` (configuration diagnostics, or
        /// each development secret's setting): ``diagnostics`` as text.
        public let problems: [String]
        /// The files the refused load read or tried.
        public internal(set) var inputs = ConfigurationInputs()
        /// Every problem at its file, line and column (a problem of the whole configuration at 1:1).
        public let diagnostics: [ConfigDiagnostic]

        /// Creates an error from its diagnostics.
        init(diagnostics: [ConfigDiagnostic], inputs: ConfigurationInputs = ConfigurationInputs()) {
            self.diagnostics = diagnostics
            self.problems = diagnostics.map(\.description)
            self.inputs = inputs
        }
    }

    /// The configuration file.
    public let configPath: String
    /// Loads (and reloads) the configuration.
    public let loader: ConfigurationLoader
    /// Whether `${VAR:-default}` secrets are accepted (with a warning each).
    package let allowDevelopmentSecrets: Bool
    /// The live state the routes read.
    public let state = ServiceState()
    /// Request and credential metrics, rendered at `/metrics`.
    public let metrics: ServiceMetrics
    /// Where the service logs.
    public let logger: Logger
    /// Timeouts, the connection cap and the drain deadline of `run(host:port:metricsListener:telemetry:onListening:)` (IdentityBridgeHummingbird).
    package let limits: Limits
    /// How `run(host:port:metricsListener:telemetry:onListening:)` (IdentityBridgeHummingbird) watches the input files; `nil`: no watching (SIGHUP only).
    public let watch: ConfigurationWatcher.Settings?
    /// The session keys fetched from identity providers, kept across reloads and refreshed by `run(host:port:metricsListener:telemetry:onListening:)` (IdentityBridgeHummingbird).
    package let sessionKeys: SessionKeyStore
    /// The tracer of the requests' spans (`IdentityBridgeRoutes/tracer`); `nil`: none.
    public let tracer: (any Tracer)?
    /// The files of the last successful and of the last attempted load, and the configuration file.
    private let inputs: Mutex<(served: [String], attempted: [String])> = Mutex(([], []))
    /// The `server:` section the service started with: a reload that changes it leaves those settings as they were.
    private let startedServer = Mutex<ServerSection?>(nil)

    /// Creates a service (nothing is loaded until ``start()``).
    public init(
        configPath: String, loader: ConfigurationLoader, allowDevelopmentSecrets: Bool = false, metrics: ServiceMetrics = ServiceMetrics(),
        logger: Logger = Logger(label: "IdentityBridge.service"), limits: Limits = Limits(),
        watch: ConfigurationWatcher.Settings? = nil, tracer: (any Tracer)? = nil
    ) {
        self.tracer = tracer
        self.limits = limits
        self.configPath = configPath
        self.loader = loader
        self.allowDevelopmentSecrets = allowDevelopmentSecrets
        self.metrics = metrics
        self.logger = logger
        self.watch = watch
        self.sessionKeys = SessionKeyStore(metrics: metrics, logger: logger, tracer: tracer)
    }

    /// Loads the configuration and prepares the first snapshot; throws the problems that stop a start.
    public func start() async throws(StartError) {
        metrics.showReloadMetrics()
        switch await prepare() {
        case .success(let snapshot):
            state.replace(with: snapshot)
            startedServer.withLock { $0 = snapshot.configuration.server }
        case .failure(let error):
            sessionKeys.retain(state.snapshot)
            throw error
        }
        sessionKeys.retain(state.snapshot)
    }

    /// Reloads: returns whether the new configuration now serves (otherwise the old one still does).
    @discardableResult public func reload() async -> Bool {
        switch await prepare() {
        case .success(let snapshot):
            state.replace(with: snapshot)
            sessionKeys.retain(snapshot)
            metrics.recordReload(ok: true)
            logger.notice(
                "configuration reloaded",
                metadata: [
                    "file": "\(configPath)", "apps": "\(snapshot.servedApps.count)",
                    "inputs_digest": "\(snapshot.configuration.inputs.digest)",
                ])
            let server = snapshot.configuration.server ?? ServerSection(file: configPath, entries: [])
            let changed = server.changedPaths(since: startedServer.withLock { $0 })
            if !changed.isEmpty {
                // The listener, the log and the connection limits are set up once, at start.
                logger.warning(
                    "server settings changed; they apply at the next start, the running ones stay",
                    metadata: ["changed": "\(changed.joined(separator: ", "))", "file": "\(configPath)"])
            }
            return true
        case .failure(let error):
            state.refuseReload(error.diagnostics)
            sessionKeys.retain(state.snapshot)
            metrics.recordReload(ok: false)
            for problem in error.problems { logger.error("reload refused", metadata: ["problem": "\(problem)"]) }
            logger.error(
                "reload refused; the previous configuration keeps serving (/readyz shows reload_refused)",
                metadata: ["file": "\(configPath)"])
            return false
        }
    }

    /// Loads, checks development secrets and builds a snapshot, without touching the live state.
    func prepare() async -> Result<ServiceSnapshot, StartError> {
        let configuration: IdentityConfiguration
        do {
            configuration = try loader.load(path: configPath)
        } catch {
            inputs.withLock { $0.attempted = error.inputs.files }
            return .failure(StartError(diagnostics: error.diagnostics, inputs: error.inputs))
        }
        inputs.withLock { $0.attempted = configuration.inputs.files }
        let development = configuration.developmentSecrets
        if !development.isEmpty {
            guard allowDevelopmentSecrets else {
                return .failure(
                    StartError(
                        diagnostics: development.map {
                            ConfigDiagnostic(
                                file: $0.file, line: $0.line, column: $0.column,
                                message:
                                    "\($0.setting) resolved from a ${VAR:-default} development default; set the variable, or pass --allow-development-secrets"
                            )
                        }))
            }
            for secret in development {
                logger.warning("development secret in use", metadata: ["setting": "\(secret.setting)", "at": "\(secret)"])
            }
        }
        do {
            let context = IssuerContext(logger: logger, metrics: metrics.factory)
            let snapshot = try await ServiceSnapshot(configuration: configuration, context: context, sessionKeys: sessionKeys)
            inputs.withLock { $0.served = configuration.inputs.files }
            return .success(snapshot)
        } catch {
            return .failure(
                StartError(diagnostics: [
                    ConfigDiagnostic(file: configPath, line: 1, column: 1, message: "\(error.code.rawValue): \(error.message)")
                ]))
        }
    }

}

extension TokenService {
    /// The files a change of which reloads: the configuration file, and every file the serving and
    /// the last attempted load read (a refused load's new file too, so its fix is noticed).
    package var watchedFiles: [String] {
        inputs.withLock { inputs in
            var files = [configPath]
            for file in inputs.served + inputs.attempted where !files.contains(file) { files.append(file) }
            return files
        }
    }
}
#endif
