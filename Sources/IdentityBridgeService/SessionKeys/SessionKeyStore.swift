#if TokenService
import IdentityBridge
package import Logging
import ServiceLifecycle
import Synchronization
package import Tracing

/// The keys of every issuer served from a URL, kept across reloads: a reload that keeps an issuer
/// (same app, URL, algorithms and cache bounds) keeps its cached set and fetches nothing; a new
/// issuer's first fetch starts when its snapshot is prepared and runs in the background (every issuer's
/// at once, so a start or a reload waits for no provider); an issuer no served snapshot names is dropped.
package final class SessionKeyStore: Sendable {
    private let fetcher: any SessionKeyFetching
    private let metrics: ServiceMetrics?
    private let logger: Logger
    /// The tracer of the fetches' spans (`identitybridge.session_keys.fetch`); `nil`: none.
    private let tracer: (any Tracer)?
    private let entries = Mutex<[Entry: IssuerKeys]>([:])
    /// The time every cached issuer reads (tests move it forward).
    package let clock = SessionKeyClock()

    /// What identifies a cached issuer across reloads.
    struct Entry: Hashable, Sendable {
        let app: String
        let keys: SessionTokenIssuer.Keys
        let issuer: String?
        let algorithms: [String]
        let cache: SessionTokenIssuer.KeyCache
    }

    /// Creates a store fetching with `fetcher` (``ProviderHTTPClient`` by default).
    package init(
        fetcher: any SessionKeyFetching = ProviderHTTPClient(), metrics: ServiceMetrics? = nil, logger: Logger, tracer: (any Tracer)? = nil
    ) {
        self.fetcher = fetcher
        self.metrics = metrics
        self.logger = logger
        self.tracer = tracer
    }

    /// The cached keys of `issuer` of `app`; when new, its first fetch is started, not awaited (until it
    /// succeeds its tokens wait for it at most ``IssuerKeys/requestWait``, then are answered 503
    /// `network_error` with the reason; the schedule retries a failure with a back-off).
    func keys(app: String, issuer: SessionTokenIssuer, source: SessionTokenIssuer.Keys) -> IssuerKeys {
        let entry = Entry(app: app, keys: source, issuer: issuer.issuer, algorithms: issuer.algorithms, cache: issuer.cache)
        let (keys, isNew) = entries.withLock { entries in
            if let cached = entries[entry] { return (cached, false) }
            let made = IssuerKeys(
                app: app, issuer: issuer, fetcher: fetcher, metrics: metrics, logger: logger, tracer: tracer, clock: clock)
            entries[entry] = made
            return (made, true)
        }
        if isNew { keys.start(.start) }
        return keys
    }

    /// Waits until no fetch of any issuer runs (tests, and a caller that wants the first fetches' outcome).
    package func fetchesSettled() async {
        for keys in entries.withLock({ Array($0.values) }) { await keys.waitForFetch(upTo: .seconds(3600)) }
    }

    /// Drops the issuers `snapshot` does not use (after a reload, refused or not).
    package func retain(_ snapshot: ServiceSnapshot?) {
        let apps = snapshot.map { Array($0.apps.values) } ?? []
        let used = Set(apps.flatMap { $0.sessionVerifier?.remoteKeys ?? [] }.map { ObjectIdentifier($0) })
        entries.withLock { entries in entries = entries.filter { used.contains(ObjectIdentifier($0.value)) } }
    }

    /// Refreshes every issuer whose time has come, concurrently (each bounded by its timeout), and
    /// updates the gauges of all.
    package func refreshDue() async {
        let all = entries.withLock { Array($0.values) }
        await withTaskGroup(of: Void.self) { group in
            for keys in all where keys.isDue { group.addTask { await keys.refresh(.schedule) } }
        }
        for keys in all { keys.updateGauges() }
    }
}

/// Runs ``SessionKeyStore/refreshDue()`` every second until the service shuts down or its group is cancelled
/// (the listener failed to start, say).
package struct SessionKeyRefresher: Service {
    let store: SessionKeyStore

    package init(store: SessionKeyStore) { self.store = store }

    package func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while true {
                    await store.refreshDue()
                    try await Task.sleep(for: .seconds(1))
                }
            }
        } catch is CancellationError {
            return
        }
    }
}
#endif
