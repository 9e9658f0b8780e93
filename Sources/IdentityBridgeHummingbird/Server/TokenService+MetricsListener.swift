#if TokenService
import IdentityBridgeService

extension TokenService {
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
}
#endif
