#if TokenService
public import Hummingbird
import HummingbirdCore
public import IdentityBridge
public import Logging
public import ServiceLifecycle
import Synchronization
public import Tracing
import UnixSignals

/// The standalone token service behind `identity-server`: the routes of ``IdentityBridgeRoutes``
/// on their own Hummingbird server, run with swift-service-lifecycle.
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
    /// Timeouts, the connection cap and the drain deadline of ``run(host:port:metricsListener:telemetry:onListening:)``.
    package let limits: Limits
    /// How ``run(host:port:metricsListener:telemetry:onListening:)`` watches the input files; `nil`: no watching (SIGHUP only).
    public let watch: ConfigurationWatcher.Settings?
    /// The session keys fetched from identity providers, kept across reloads and refreshed by ``run(host:port:metricsListener:telemetry:onListening:)``.
    package let sessionKeys: SessionKeyStore
    /// The tracer of the requests' spans (``IdentityBridgeRoutes/tracer``); `nil`: none.
    public let tracer: (any Tracer)?
    /// The files of the last successful and of the last attempted load, and the configuration file.
    private let inputs: Mutex<(served: [String], attempted: [String])> = Mutex(([], []))

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
        case .success(let snapshot): state.replace(with: snapshot)
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

    /// The router `run` serves: the routes, whose collection logs and counts them, then
    /// ``ServiceMiddleware``, which Hummingbird applies to the paths no route matches (the uniform
    /// 404, counted as `unmatched`).
    public func makeRouter() -> Router<BasicRequestContext> { makeRouter(routes: ServiceRoute.allCases) }

    /// A router of `routes` only, with the uniform 404 and 405 for the rest.
    package func makeRouter(routes: [ServiceRoute]) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.addRoutes(IdentityBridgeRoutes(state: state, metrics: metrics, logger: logger, tracer: tracer, routes: routes).collection())
        router.add(middleware: ServiceMiddleware<BasicRequestContext>(metrics: metrics, logger: logger, tracer: tracer, served: routes))
        return router
    }

    /// A second listener of ``run(host:port:metricsListener:telemetry:onListening:)``: `/metrics`, `/healthz`
    /// and `/readyz` only, with a connection cap of its own, so a deployment keeps `/metrics` off the public
    /// listener (which then answers it 404).
    public struct MetricsListener: Sendable {
        /// The address to listen on.
        public var host: String
        /// The port (0: any free port).
        public var port: Int
        /// Called with the bound host and port once it listens.
        public var onListening: @Sendable (String, Int) -> Void

        /// Creates the listener's settings.
        public init(host: String, port: Int, onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) {
            self.host = host
            self.port = port
            self.onListening = onListening
        }
    }

    /// The routes of the metrics listener.
    package static let metricsListenerRoutes: [ServiceRoute] = [.healthz, .readyz, .metrics]

    /// Serves on `host:port` (0 picks a free port) with `limits` until SIGTERM / SIGINT, then drains;
    /// `onListening` gets the bound host and port. With `metricsListener`, `/metrics` moves to a second
    /// listener (beside the health routes). `telemetry` (a span exporter, say) starts first and stops last,
    /// after the requests in flight are answered, so their spans are exported. Throws `ListenError` when it
    /// cannot listen (the port taken, say).
    public func run(
        host: String, port: Int, metricsListener: MetricsListener? = nil, telemetry: (any Service)? = nil,
        onListening: @escaping @Sendable (String, Int) -> Void
    ) async throws {
        var serverLogger = logger
        serverLogger.logLevel = max(logger.logLevel, .notice)
        let listening = Atomic<Bool>(false)
        let routes = metricsListener == nil ? ServiceRoute.allCases : ServiceRoute.allCases.filter { $0 != .metrics }
        let app = application(name: "service", routes: routes, host: host, port: port, logger: serverLogger) { host, port in
            listening.store(true, ordering: .relaxed)
            onListening(host, port)
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let telemetry { services.append(.init(service: telemetry)) }
        let metricsListening = Atomic<Bool>(false)
        if let metricsListener {
            let onMetricsListening = metricsListener.onListening
            services.append(
                .init(
                    service: application(
                        name: "metrics", routes: Self.metricsListenerRoutes, host: metricsListener.host, port: metricsListener.port,
                        logger: serverLogger
                    ) { host, port in
                        metricsListening.store(true, ordering: .relaxed)
                        onMetricsListening(host, port)
                    }))
        }
        services += [
            .init(service: app), .init(service: ReloadOnHangup(service: self)), .init(service: SessionKeyRefresher(store: sessionKeys)),
        ]
        if let watch { services.append(.init(service: ConfigurationWatcher(service: self, settings: watch))) }
        // A group shuts its services down last first: the drain flag (`/readyz` 503) is set before
        // the server stops listening.
        services.append(.init(service: DrainOnShutdown(service: self)))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: serverLogger))
        do {
            try await group.run()
        } catch  where !listening.load(ordering: .relaxed) {
            throw ListenError(host: host, port: port, underlying: error)
        } catch let error where metricsListener != nil && !metricsListening.load(ordering: .relaxed) {
            throw ListenError(host: metricsListener!.host, port: metricsListener!.port, underlying: error)
        }
    }

    /// A Hummingbird application serving `routes` on `host:port` with `limits` and a connection counter of its
    /// own, shown as `identitybridge_connections_open{listener=name}`.
    private func application(
        name: String, routes: [ServiceRoute], host: String, port: Int, logger: Logger,
        onListening: @escaping @Sendable (String, Int) -> Void
    ) -> some Service {
        let limits = self.limits
        let connections = ConnectionCounter()
        let metrics = self.metrics
        metrics.trackConnections(listener: name, connections: connections, limit: limits.maxConnections)
        return Application(
            router: makeRouter(routes: routes),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(responder: responder, limits: limits, connections: connections, metrics: metrics)
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in onListening(host, channel.localAddress?.port ?? port) }, logger: logger)
    }
}

/// Reloads the service on every SIGHUP until the group shuts down.
struct ReloadOnHangup: Service {
    let service: TokenService

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            service.logger.notice("SIGHUP: reloading the configuration", metadata: ["file": "\(service.configPath)"])
            await service.reload()
        }
    }
}

/// Marks the service draining (`/readyz` 503) as soon as the group starts shutting down.
struct DrainOnShutdown: Service {
    let service: TokenService

    func run() async throws {
        try await gracefulShutdown()
        service.state.beginDraining()
        service.logger.notice(
            "draining: /readyz answers 503, the listener closes, requests already received are answered",
            metadata: ["deadline_s": "\(service.limits.drainTimeout.components.seconds)"])
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
