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

    /// `identitybridge_config_reload_refused`: 1 while the latest reload was refused, 0 otherwise.
    static var reloadRefused: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "config_reload_refused", unitName: "",
            helpText:
                "1 while the latest configuration reload was refused (the previous configuration serving; /readyz shows why), 0 otherwise.")
    }

    /// The gauge of ``reloadRefused``; the registry hands back the same gauge each time.
    var reloadRefusedGauge: Gauge { registry.makeGauge(descriptor: Self.reloadRefused) }

    /// Shows the reload counters, the refused gauge and the refused connections at 0 from the start.
    func showReloadMetrics() {
        _ = (reloadCounter(ok: true), reloadCounter(ok: false))
        reloadRefusedGauge.set(Int64(0))
        // From the start too: a rate or an increase over it sees the first refusal.
        _ = registry.makeCounter(descriptor: Self.refusedConnections)
    }

    /// Counts one reload in `identitybridge_config_reloads_total{result="ok"|"refused"}` and sets
    /// `identitybridge_config_reload_refused` (1 after a refusal, 0 after a reload that succeeded).
    package func recordReload(ok: Bool) {
        reloadCounter(ok: ok).increment()
        reloadRefusedGauge.set(Int64(ok ? 0 : 1))
    }
}
#endif
