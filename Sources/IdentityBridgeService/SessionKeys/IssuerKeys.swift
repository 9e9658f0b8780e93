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
    private let fetcher: any SessionKeyFetching
    private let metrics: ServiceMetrics?
    private let logger: Logger
    /// The tracer of the fetches' spans; `nil`: none.
    private let tracer: (any Tracer)?
    private let clock: SessionKeyClock

    private struct State {
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
    private let state: Mutex<State>

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
    private func found(_ kid: String) -> Lookup? {
        state.withLock { state in
            guard let keys = state.keys, keys.algorithms[kid] != nil || keys.skipped[kid] != nil, let issuer = state.issuer,
                freshness(state, clock.now) != .expired
            else { return nil }
            return .found(keys, issuer: issuer)
        }
    }

    // MARK: Refreshing

    /// Whether the schedule should refresh now (its time has come and no fetch is running).
    var isDue: Bool { state.withLock { $0.inFlight == nil && clock.now >= $0.nextAttempt } }

    /// Fetches the set (and the discovery document, except for an unknown `kid` once it is known);
    /// a fetch already running is awaited instead of starting another.
    func refresh(_ reason: Reason) async {
        await start(reason).value
    }

    /// Starts a fetch unless one is running, and returns the running one (not awaited: the first fetch of
    /// an issuer runs while the service already serves).
    @discardableResult
    func start(_ reason: Reason) -> Task<Void, Never> {
        state.withLock { state in
            if let running = state.inFlight { return running }
            let task = Task { await self.fetch(reason) }
            state.inFlight = task
            return task
        }
    }

    /// Waits until the running fetch ends, at most `limit` (at once when none runs).
    func waitForFetch(upTo limit: Duration) async {
        let id: Int? = state.withLock { state in
            guard state.inFlight != nil else { return nil }
            state.nextWait += 1
            state.pendingWaits.insert(state.nextWait)
            return state.nextWait
        }
        guard let id else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let now: Bool = self.state.withLock { state in
                        guard state.pendingWaits.contains(id) else { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if now { continuation.resume() }
                }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            _ = await group.next()
            group.cancelAll()
            let waiter = state.withLock { state in
                state.pendingWaits.remove(id)
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
    }

    private func fetch(_ reason: Reason) async {
        // A child of the request's span when a token's unknown kid asked for it (the task inherits the context).
        let span = tracer?.startSpan("identitybridge.session_keys.fetch", context: ServiceContext.current ?? .topLevel, ofKind: .client)
        span?.attributes[ServiceTracing.sessionIssuer] = configured.label
        span?.attributes["identitybridge.session_keys.reason"] = reason.rawValue
        defer { span?.end() }
        let (jwksURL, issuer) = state.withLock { ($0.jwksURL, $0.issuer) }
        let outcome: Result<(SessionKeySet, FetchedDocument, issuer: String, jwksURL: String), SessionKeyFetchFailure>
        do throws(SessionKeyFetchFailure) {
            var issuer = issuer
            var jwksURL = jwksURL
            if case .discovery(let url) = configured.keys, jwksURL == nil || reason != .unknownKey {
                let document = try await get("discovery", url.trimmingTrailingSlash + "/.well-known/openid-configuration")
                let discovered = try SessionKeySet.discovery(document.body, issuerURL: url)
                (issuer, jwksURL) = (discovered.issuer, discovered.jwksURI)
            }
            guard let jwksURL, let issuer else { throw SessionKeyFetchFailure(.refused, "No key set URL is known.") }
            let document = try await get("jwks", jwksURL)
            let keys = try await SessionKeySet.parse(document.body, allowed: configured.algorithms)
            outcome = .success((keys, document, issuer, jwksURL))
        } catch {
            outcome = .failure(error)
        }
        let now = clock.now
        let age = (try? outcome.get()).map { configured.cache.age(forMaxAge: $0.1.maxAge) } ?? 0
        // The requests waiting for this fetch go on once the state is set (in the same lock: none is left behind).
        let waiters = state.withLock { state in
            state.inFlight = nil
            let waiting = Array(state.waiters.values)
            state.waiters = [:]
            state.pendingWaits = []
            switch outcome {
            case .success(let (keys, _, issuer, jwksURL)):
                state.keys = keys
                state.issuer = issuer
                state.jwksURL = jwksURL
                state.fetchedAt = now
                state.age = age
                state.lastFailure = nil
                state.failures = 0
                state.nextAttempt = now + .milliseconds(state.age * 800)
            case .failure(let failure):
                // A refused or missing answer is not fetched again for an unknown kid within the interval either.
                state.lastUnknownKeyRefresh = now
                state.lastFailure = failure
                state.failures += 1
                let backOff = min(Int64(1) << min(state.failures - 1, 12), configured.cache.refreshInterval)
                state.nextAttempt = now + .seconds(backOff)
            }
            return waiting
        }
        for waiter in waiters { waiter.resume() }
        span?.attributes["identitybridge.session_keys.result"] = (try? outcome.get()) == nil ? "failed" : "ok"
        if case .failure(let failure) = outcome {
            span?.attributes[ServiceTracing.errorCode] = IdentityError.Code.networkError.rawValue
            span?.attributes["identitybridge.session_keys.failure"] = failure.kind.rawValue
            span?.setStatus(SpanStatus(code: .error))
        }
        switch outcome {
        case .success(let (keys, _, _, _)):
            logger.notice(
                "session keys fetched",
                metadata: [
                    "app": "\(app)", "issuer": "\(configured.label)", "keys": "\(keys.algorithms.count)", "reason": "\(reason.rawValue)",
                    "max_age_s": "\(age)",
                ])
        case .failure(let failure):
            logger.error(
                "session keys fetch failed",
                metadata: [
                    "app": "\(app)", "issuer": "\(configured.label)", "reason": "\(reason.rawValue)", "result": "\(failure.kind.rawValue)",
                    "error": "\(failure.message)",
                ])
        }
        updateGauges()
    }

    /// One document, counted in `identitybridge_session_key_fetches_total`.
    private func get(_ document: String, _ url: String) async throws(SessionKeyFetchFailure) -> FetchedDocument {
        do {
            let fetched = try await fetcher.fetch(url, limit: SessionKeySet.maxBytes, timeout: .seconds(configured.cache.timeout))
            metrics?.sessionKeyFetches(app: app, issuer: configured.label, document: document, result: "ok").increment()
            return fetched
        } catch {
            metrics?.sessionKeyFetches(app: app, issuer: configured.label, document: document, result: error.kind.rawValue).increment()
            throw error
        }
    }

    // MARK: What operators see

    private func freshness(_ state: State, _ now: ContinuousClock.Instant) -> Freshness {
        guard let fetchedAt = state.fetchedAt, state.keys != nil else { return .unfetched }
        let elapsed = now - fetchedAt
        if elapsed < .seconds(state.age) { return .fresh }
        return elapsed < .seconds(state.age + configured.cache.maxStale) ? .stale : .expired
    }

    private func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }

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
