#if TokenService
import Prometheus

extension ServiceMetrics {
    /// `identitybridge_config_reloads_total{result}`.
    static var reloads: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "config_reloads", unitName: "total",
            helpText: "Configuration reloads (SIGHUP or a changed input file): ok, or refused (the previous configuration kept serving).")
    }

    /// The reload counter of `result` (`ok` or `refused`); the registry hands back the same counter each time.
    func reloadCounter(ok: Bool) -> Counter {
        registry.makeCounter(descriptor: Self.reloads, labels: [("result", ok ? "ok" : "refused")])
    }

    /// Counts one reload in `identitybridge_config_reloads_total{result="ok"|"refused"}`.
    public func recordReload(ok: Bool) { reloadCounter(ok: ok).increment() }
}
#endif
