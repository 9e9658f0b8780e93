#if TokenService
import IdentityBridge
import Logging
import Prometheus
import Synchronization
import Tracing

/// What operators see of an issuer's keys: their freshness, the gauges and `/readyz`'s status.
extension IssuerKeys {

    func freshness(_ state: State, _ now: ContinuousClock.Instant) -> Freshness {
        guard let fetchedAt = state.fetchedAt, state.keys != nil else { return .unfetched }
        let elapsed = now - fetchedAt
        if elapsed < .seconds(state.age) { return .fresh }
        return elapsed < .seconds(state.age + configured.cache.maxStale) ? .stale : .expired
    }

    func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }

    /// Sets `identitybridge_session_keys_stale` and `identitybridge_session_keys_age_seconds`.
    func updateGauges() {
        guard let metrics else { return }
        let now = clock.now
        let current: (Freshness, ContinuousClock.Instant?) = state.withLock { state in (freshness(state, now), state.fetchedAt) }
        metrics.sessionKeysStale(app: app, issuer: configured.label).set(Int64(current.0 == .fresh ? 0 : 1))
        if let fetchedAt = current.1 { metrics.sessionKeysAge(app: app, issuer: configured.label).set(seconds(now - fetchedAt)) }
    }

    /// The issuer's entry under `/readyz`'s `session_keys`.
    var status: JSONValue {
        state.withLock { state in
            let now = clock.now
            var entry: [String: JSONValue] = [
                "app": .string(app), "issuer": .string(state.issuer ?? configured.label),
                "source": .string(configured.keys.map { if case .discovery = $0 { "discovery" } else { "jwks_url" } } ?? "jwks_url"),
                "state": .string(freshness(state, now).rawValue),
            ]
            if let fetchedAt = state.fetchedAt { entry["age_s"] = .int(seconds(now - fetchedAt)) }
            if let keys = state.keys { entry["keys"] = .int(Int64(keys.algorithms.count)) }
            if let failure = state.lastFailure { entry["error"] = .string(failure.message) }
            return .object(entry)
        }
    }

    /// Whether the set is fresh.
    var isFresh: Bool { state.withLock { freshness($0, clock.now) == .fresh } }
}
#endif
