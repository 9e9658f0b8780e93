#if TokenService
import IdentityBridge
import Logging
import Prometheus
import Synchronization
import Tracing

/// The public keys of one issuer served from a URL (`issuer_url` or `jwks_url`), cached and refreshed:
///
/// - fetched when the issuer first appears (start or reload), in the background: the service listens and
///   serves everything else meanwhile, and a token of the issuer waits for that fetch at most
///   ``requestWait`` (then 503 `network_error`, the fetch going on); then kept for the answer's
///   `Cache-Control: max-age` clamped into the issuer's `keys_cache` bounds, and refreshed by the schedule
///   (``SessionKeyStore/refreshDue()``) once 80 % of that has passed;
/// - a token whose `kid` is not in the set refreshes it at once, at most once per `refresh_interval`:
///   concurrent requests share that one fetch, and a stream of forged `kid`s causes no more;
/// - when the provider fails, the last good set keeps serving until `max_stale` after it went out of
///   date; the schedule retries with a back-off from 1 s to `refresh_interval`.
///
/// Nothing else fetches: no request but one with an unknown `kid` of this issuer, and no error.
final class IssuerKeys: Sendable {
    /// Why a fetch runs (a log line and the rate limit tell them apart).
    enum Reason: String, Sendable {
        case start, schedule
        case unknownKey = "unknown_kid"
    }

    /// The state `/readyz` and `identitybridge_session_keys_stale` show.
    enum Freshness: String, Sendable { case fresh, stale, expired, unfetched }

    /// What a lookup of a token's `kid` found.
    enum Lookup: Sendable {
        /// The set holding the key, and the issuer its `iss` must equal.
        case found(SessionKeySet, issuer: String)
        /// The key is not in the set fetched `fetchedAgo` seconds ago (after a refresh, or the rate limit refused one).
        case unknown(fetchedAgo: Int64)
        /// No set can be used: never fetched, or out of date past `max_stale`; why.
        case unavailable(String)
    }

    /// The longest a request waits for a running fetch of the issuer's keys (its first, or one an unknown `kid`
    /// started) before it is answered without it; the fetch goes on and serves the requests after it.
    static let requestWait: Duration = .seconds(1)

    let app: String
    let configured: SessionTokenIssuer
    let fetcher: any SessionKeyFetching
    let metrics: ServiceMetrics?
    let logger: Logger
    /// The tracer of the fetches' spans; `nil`: none.
    let tracer: (any Tracer)?
    let clock: SessionKeyClock

    struct State {
        var keys: SessionKeySet?
        /// The `iss` compared: the discovery document's, or the configured one.
        var issuer: String?
        var jwksURL: String?
        var fetchedAt: ContinuousClock.Instant?
        /// Seconds the set is fresh for after `fetchedAt`.
        var age: Int64 = 0
        var lastFailure: SessionKeyFetchFailure?
        var failures = 0
        var nextAttempt: ContinuousClock.Instant
        var lastUnknownKeyRefresh: ContinuousClock.Instant?
        var inFlight: Task<Void, Never>?
        /// The requests waiting for the running fetch, by id (resumed when it ends or their wait does).
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// The ids of the waits not yet ended (a wait whose id is gone resumes at once).
        var pendingWaits: Set<Int> = []
        var nextWait = 0
    }
    let state: Mutex<State>

    init(
        app: String, issuer: SessionTokenIssuer, fetcher: any SessionKeyFetching, metrics: ServiceMetrics?, logger: Logger,
        tracer: (any Tracer)? = nil, clock: SessionKeyClock
    ) {
        self.tracer = tracer
        self.app = app
        self.configured = issuer
        self.fetcher = fetcher
        self.metrics = metrics
        self.logger = logger
        self.clock = clock
        var initial = State(nextAttempt: clock.now)
        if case .jwksURL(let url) = issuer.keys { initial.jwksURL = url }
        initial.issuer = issuer.issuer
        self.state = Mutex(initial)
        metrics?.sessionKeysStale(app: app, issuer: issuer.label).set(Int64(1))
    }

    // MARK: Lookup (the request path)

    /// The set holding `kid` (a cache hit costs one lock); on a miss one refresh, within the rate limit.
    func lookup(kid: String) async -> Lookup {
        if let hit = found(kid) { return hit }
        let refresh: Bool = state.withLock { state in
            let now = clock.now
            if state.inFlight != nil { return true }
            if let last = state.lastUnknownKeyRefresh, now < last + .seconds(configured.cache.refreshInterval) { return false }
            state.lastUnknownKeyRefresh = now
            return true
        }
        if refresh {
            start(.unknownKey)
            await waitForFetch(upTo: Self.requestWait)
        }
        if let hit = found(kid) { return hit }
        return state.withLock { state in
            let now = clock.now
            guard let fetchedAt = state.fetchedAt, state.keys != nil else {
                if state.inFlight != nil, state.lastFailure == nil {
                    return .unavailable(
                        "The keys of issuer \(SessionKeyID.quoted(configured.label)) have not been fetched yet: the first fetch "
                            + "has run for over \(Self.requestWait.components.seconds) s.")
                }
                return .unavailable(
                    "The keys of issuer \(SessionKeyID.quoted(configured.label)) have not been fetched yet"
                        + (state.lastFailure.map { ": \($0.message)" } ?? "."))
            }
            if freshness(state, now) == .expired {
                return .unavailable(
                    "The keys of issuer \(SessionKeyID.quoted(configured.label)) are out of date (fetched \(seconds(now - fetchedAt)) s ago, "
                        + "past max_stale)" + (state.lastFailure.map { ": \($0.message)" } ?? "."))
            }
            return .unknown(fetchedAgo: seconds(now - fetchedAt))
        }
    }

    /// The set and issuer when `kid` is in a set still usable (fresh or within `max_stale`).
    func found(_ kid: String) -> Lookup? {
        state.withLock { state in
            guard let keys = state.keys, keys.algorithms[kid] != nil || keys.skipped[kid] != nil, let issuer = state.issuer,
                freshness(state, clock.now) != .expired
            else { return nil }
            return .found(keys, issuer: issuer)
        }
    }
}
#endif
