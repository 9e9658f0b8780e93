#if TokenService
import Hummingbird
import HummingbirdCore
public import IdentityBridgeService
import Logging
public import ServiceLifecycle
import Synchronization
import UnixSignals

extension TokenService {
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
#endif
