public import Hummingbird
import HummingbirdCore
public import IdentityBridge
public import Logging
import ServiceLifecycle
import UnixSignals

/// The standalone token service behind `identityctl serve`: the routes of ``IdentityBridgeRoutes``
/// on their own Hummingbird server, run with swift-service-lifecycle.
///
/// - SIGTERM / SIGINT drain it: `/readyz` answers 503 at once, the listener closes, every request
///   already received is answered with `Connection: close`, idle connections close, and the
///   service returns within ``Limits/drainTimeout``.
/// - Slow and idle connections are closed and open connections capped (``Limits``).
/// - SIGHUP (or ``reload()``) loads the configuration, secrets and key files again and swaps the new
///   snapshot in atomically; a configuration with errors is refused (diagnostics logged) and the old
///   one keeps serving.
/// - Development secrets (`${VAR:-default}` defaults) are refused unless `allowDevelopmentSecrets`,
///   and then logged as one warning per setting at start and on every reload.
public final class TokenService: Sendable {
    /// Why the service could not start.
    public struct StartError: Error, Sendable {
        /// One line per problem (configuration diagnostics, or each development secret's setting).
        public let problems: [String]
    }

    /// The configuration file.
    public let configPath: String
    /// Loads (and reloads) the configuration.
    public let loader: ConfigurationLoader
    /// Whether `${VAR:-default}` secrets are accepted (with a warning each).
    public let allowDevelopmentSecrets: Bool
    /// The live state the routes read.
    public let state = ServiceState()
    /// Request and credential metrics, rendered at `/metrics`.
    public let metrics: ServiceMetrics
    /// Where the service logs.
    public let logger: Logger
    /// Timeouts, the connection cap and the drain deadline of ``run(host:port:onListening:)``.
    public let limits: Limits

    /// Creates a service (nothing is loaded until ``start()``).
    public init(
        configPath: String, loader: ConfigurationLoader, allowDevelopmentSecrets: Bool = false, metrics: ServiceMetrics = ServiceMetrics(),
        logger: Logger = Logger(label: "IdentityBridge.service"), limits: Limits = Limits()
    ) {
        self.limits = limits
        self.configPath = configPath
        self.loader = loader
        self.allowDevelopmentSecrets = allowDevelopmentSecrets
        self.metrics = metrics
        self.logger = logger
    }

    /// Loads the configuration and prepares the first snapshot; throws the problems that stop a start.
    public func start() async throws(StartError) {
        switch await prepare() {
        case .success(let snapshot): state.replace(with: snapshot)
        case .failure(let error): throw error
        }
    }

    /// Reloads: returns whether the new configuration now serves (otherwise the old one still does).
    @discardableResult public func reload() async -> Bool {
        switch await prepare() {
        case .success(let snapshot):
            state.replace(with: snapshot)
            logger.notice("configuration reloaded", metadata: ["file": "\(configPath)", "apps": "\(snapshot.servedApps.count)"])
            return true
        case .failure(let error):
            for problem in error.problems { logger.error("reload refused", metadata: ["problem": "\(problem)"]) }
            logger.error("reload refused; the previous configuration keeps serving", metadata: ["file": "\(configPath)"])
            return false
        }
    }

    /// Loads, checks development secrets and builds a snapshot, without touching the live state.
    func prepare() async -> Result<ServiceSnapshot, StartError> {
        let configuration: IdentityConfiguration
        do {
            configuration = try loader.load(path: configPath)
        } catch {
            return .failure(StartError(problems: error.diagnostics.map(\.description)))
        }
        let development = configuration.developmentSecrets
        if !development.isEmpty {
            guard allowDevelopmentSecrets else {
                return .failure(
                    StartError(
                        problems: development.map {
                            "\($0): resolved from a ${VAR:-default} development default; set the variable, or pass --allow-development-secrets"
                        }))
            }
            for secret in development {
                logger.warning("development secret in use", metadata: ["setting": "\(secret.setting)", "at": "\(secret)"])
            }
        }
        do {
            let context = IssuerContext(logger: logger, metrics: metrics.factory)
            return .success(try await ServiceSnapshot(configuration: configuration, context: context))
        } catch {
            return .failure(StartError(problems: ["\(configPath): \(error.code.rawValue): \(error.message)"]))
        }
    }

    /// The router `run` serves: the routes, which log and count themselves, then the middleware, which
    /// Hummingbird applies to paths no route matches (the uniform 404, counted as `unmatched`).
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.addRoutes(IdentityBridgeRoutes(state: state, metrics: metrics, logger: logger).collection(middleware: true))
        router.add(middleware: ServiceMiddleware<BasicRequestContext>(metrics: metrics, logger: logger))
        return router
    }

    /// Serves on `host:port` (0 picks a free port) with ``limits`` until SIGTERM / SIGINT, then drains;
    /// `onListening` gets the bound host and port.
    public func run(host: String, port: Int, onListening: @escaping @Sendable (String, Int) -> Void) async throws {
        var serverLogger = logger
        serverLogger.logLevel = max(logger.logLevel, .notice)
        let limits = self.limits
        let connections = ConnectionCounter()
        let app = Application(
            router: makeRouter(),
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits, connections: connections) },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in onListening(host, channel.localAddress?.port ?? port) }, logger: serverLogger)
        let reloader = ReloadOnHangup(service: self)
        // A group shuts its services down last first: the drain flag (`/readyz` 503) is set before
        // the server stops listening.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: app), .init(service: reloader), .init(service: DrainOnShutdown(service: self))],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: serverLogger))
        try await group.run()
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
