#if TokenService
import Prometheus

extension ServiceMetrics {
    /// The route label of a request refused before routing (see `recordRefusedRequest(status:)`).
    package static let unroutedRoute = "unrouted"

    /// `identitybridge_connections_refused_total`.
    static var refusedConnections: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "connections_refused", unitName: "total",
            helpText: "Connections closed at once, unread: past the connection cap and its health-probe connections.")
    }

    /// Counts one request refused before it reached the router (a missing `Host`, 400; past the
    /// connection cap, 503) in `identitybridge_http_requests_total{route="unrouted", status}`, so an
    /// error rate over that metric sees it. No label carries anything from the request.
    package func recordRefusedRequest(status: Int) {
        recordRequest(route: Self.unroutedRoute, status: status, duration: .zero)
    }

    /// Counts one connection closed at once in `identitybridge_connections_refused_total`.
    package func recordRefusedConnection() { registry.makeCounter(descriptor: Self.refusedConnections).increment() }
}
#endif
