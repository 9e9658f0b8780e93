#if TokenService
import CoreMetrics
import IdentityBridge
import Prometheus

/// The swift-metrics factory of ``ServiceMetrics/factory``: swift-prometheus's own factory writes no `# HELP`
/// line, so this one makes each family in the registry with its text (``IssuerMetrics/help`` for the issuers'
/// counters; a family a third-party plugin reports gets one naming it).
struct DescribedMetricsFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    /// swift-prometheus's factory: its histogram buckets and its `destroy` calls.
    let base: PrometheusMetricsFactory

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        self.base = PrometheusMetricsFactory(registry: registry)
    }

    /// The `# HELP` text of `label`.
    static func help(_ label: String) -> String {
        IssuerMetrics.help[label] ?? "\(label), reported through swift-metrics by a provider plugin."
    }

    /// The family `label` names, with its `# HELP` text.
    static func descriptor(_ label: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: label.isEmpty ? "unnamed" : label, unitName: "", helpText: help(label))
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: Self.descriptor(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: Self.descriptor(label), labels: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: Self.descriptor(label), labels: dimensions) }
        return registry.makeValueHistogram(
            descriptor: Self.descriptor(label), labels: dimensions,
            buckets: base.valueHistogramBuckets[label] ?? base.defaultValueHistogramBuckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: Self.descriptor(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        registry.makeDurationHistogram(
            descriptor: Self.descriptor(label), labels: dimensions,
            buckets: base.durationHistogramBuckets[label] ?? base.defaultDurationHistogramBuckets)
    }

    func destroyCounter(_ handler: any CounterHandler) { base.destroyCounter(handler) }
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { base.destroyFloatingPointCounter(handler) }
    func destroyRecorder(_ handler: any RecorderHandler) { base.destroyRecorder(handler) }
    func destroyMeter(_ handler: any MeterHandler) { base.destroyMeter(handler) }
    func destroyTimer(_ handler: any TimerHandler) { base.destroyTimer(handler) }
}
#endif
