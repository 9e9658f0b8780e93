import IdentityBridgeModel
import Metrics

/// The client's counters for one provider instance; dimensions are the app, the instance and its
/// kind (never user data).
struct ClientMetrics: Sendable {
    let fetches: Counter
    let hits: Counter
    let refreshesAhead: Counter
    let retries: Counter
    let discarded: Counter
    let factory: any MetricsFactory
    let dimensions: [(String, String)]

    init(app: String, provider: ProviderReference, factory: any MetricsFactory) {
        let dimensions = [("app", app), ("provider", provider.name), ("kind", provider.kind.rawValue)]
        self.factory = factory
        self.dimensions = dimensions
        fetches = Counter(label: "identitybridge_client_fetches_total", dimensions: dimensions, factory: factory)
        hits = Counter(label: "identitybridge_client_cache_hits_total", dimensions: dimensions, factory: factory)
        refreshesAhead = Counter(label: "identitybridge_client_refreshes_ahead_total", dimensions: dimensions, factory: factory)
        retries = Counter(label: "identitybridge_client_retries_total", dimensions: dimensions, factory: factory)
        discarded = Counter(label: "identitybridge_client_discarded_responses_total", dimensions: dimensions, factory: factory)
    }

    /// Counts one failed fetch with its uniform code.
    func failure(_ code: IdentityError.Code) {
        Counter(label: "identitybridge_client_failures_total", dimensions: dimensions + [("code", code.rawValue)], factory: factory)
            .increment()
    }
}
