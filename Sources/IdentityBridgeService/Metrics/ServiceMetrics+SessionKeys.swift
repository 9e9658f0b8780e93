#if TokenService
import Prometheus

extension ServiceMetrics {
    /// `identitybridge_session_key_fetches_total{app, issuer, document, result}`.
    static var sessionKeyFetches: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "session_key_fetches", unitName: "total",
            helpText:
                "Fetches of an identity provider's OpenID configuration (document=discovery) or key set (document=jwks): ok, refused (an answer not used) or unreachable."
        )
    }

    /// `identitybridge_session_keys_stale{app, issuer}`.
    static var sessionKeysStale: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "session_keys_stale", unitName: "",
            helpText: "1 while an issuer's key set is past its max age (the provider failing) or was never fetched, 0 while fresh.")
    }

    /// `identitybridge_session_keys_age_seconds{app, issuer}`.
    static var sessionKeysAge: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "session_keys_age", unitName: "seconds",
            helpText: "Seconds since an issuer's key set was fetched (updated every second by the refresh schedule).")
    }

    /// The fetch counter of one issuer, document and result.
    func sessionKeyFetches(app: String, issuer: String, document: String, result: String) -> Counter {
        registry.makeCounter(
            descriptor: Self.sessionKeyFetches, labels: [("app", app), ("issuer", issuer), ("document", document), ("result", result)])
    }

    /// The stale gauge of one issuer.
    func sessionKeysStale(app: String, issuer: String) -> Gauge {
        registry.makeGauge(descriptor: Self.sessionKeysStale, labels: [("app", app), ("issuer", issuer)])
    }

    /// The age gauge of one issuer.
    func sessionKeysAge(app: String, issuer: String) -> Gauge {
        registry.makeGauge(descriptor: Self.sessionKeysAge, labels: [("app", app), ("issuer", issuer)])
    }
}
#endif
