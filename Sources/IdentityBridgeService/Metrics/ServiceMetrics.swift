#if TokenService
public import CoreMetrics
public import Prometheus
import Synchronization

/// The token service's metrics: a swift-prometheus 2 registry behind swift-metrics. Pass
/// ``factory`` to the issuers (through ``ServiceSnapshot``'s `IssuerContext`) so credentials issued
/// and refused by kind, instance and code land in the same registry; `/metrics` renders it.
/// Nothing is bootstrapped globally: an app that mounts the routes keeps its own `MetricsSystem`.
public final class ServiceMetrics: Sendable {
    /// The Prometheus registry `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// A swift-metrics factory writing into ``registry``, every family with a `# HELP` line (the issuers'
    /// counters with their own text, any other family with its name's).
    public let factory: any MetricsFactory

    /// Latency buckets for `identitybridge_http_request_duration_seconds` (0.5 ms to 2.5 s).
    package static let durationBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500),
    ]

    /// `identitybridge_http_requests_total{route, status, app, provider}`.
    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "http_requests", unitName: "total",
            helpText:
                "HTTP requests answered, by route template, status, and the served app and provider instance they named (empty when none).")
    }
    /// `identitybridge_http_request_duration_seconds{route}`.
    static var duration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "http_request_duration", unitName: "seconds",
            helpText: "HTTP request latency, by route template.")
    }

    /// The request counter and latency histogram of each (route, status) seen so far: made in the
    /// registry once, then reused (the registry validates names and labels on every `make`). A short
    /// list, searched in order: every request of a route carries the same route string, which compares
    /// equal at once (no hashing).
    private let handles = Mutex<[(key: RequestKey, handles: RequestHandles)]>([])

    /// The listeners whose open connections `/metrics` shows, and the process figures read at each scrape.
    let scraped = Mutex(ScrapedState())

    /// Creates the metrics over `registry` (a fresh one by default).
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        self.factory = DescribedMetricsFactory(registry: registry)
    }

    /// Counts one answered request and records its latency; `route` is the route template, never the raw path.
    package func recordRequest(route: String, status: Int, duration: Duration) {
        recordRequest(route: route, status: status, app: nil, provider: nil, duration: duration)
    }

    /// Counts one answered request of `route` (a template) that named the served `app` and `provider` instance
    /// (`nil`: none), and records its latency; a request hashes nothing.
    func recordRequest(route: String, status: Int, app: String?, provider: String?, duration: Duration) {
        let key = RequestKey(route: route, status: status, app: app ?? "", provider: provider ?? "")
        let handles = handles.withLock { handles in
            if let made = handles.first(where: { $0.key == key }) { return made.handles }
            let made = RequestHandles(
                requests: registry.makeCounter(
                    descriptor: Self.requests,
                    labels: [("route", route), ("status", String(status)), ("app", key.app), ("provider", key.provider)]),
                duration: registry.makeDurationHistogram(
                    descriptor: Self.duration, labels: [("route", route)], buckets: Self.durationBuckets))
            handles.append((key, made))
            return made
        }
        handles.requests.increment()
        handles.duration.record(duration)
    }

    /// The Prometheus text exposition of every metric.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// A route template, an answered status, and the served app and provider instance ("" when none).
private struct RequestKey: Equatable {
    let route: String
    let status: Int
    let app: String
    let provider: String

    /// The status first: an integer compare rules out most entries.
    static func == (lhs: RequestKey, rhs: RequestKey) -> Bool {
        lhs.status == rhs.status && lhs.route == rhs.route && lhs.app == rhs.app && lhs.provider == rhs.provider
    }
}

/// The registry's metrics of one ``RequestKey``.
private struct RequestHandles: Sendable {
    let requests: Prometheus.Counter
    let duration: DurationHistogram
}
#endif
