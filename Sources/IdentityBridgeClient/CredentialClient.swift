public import Foundation
public import IdentityBridgeModel
import Logging
import Metrics
import Synchronization

/// The app side of every flow: fetches each provider's credential from the token service, caches
/// it per (app, provider instance, user) in a bounded cache, shares one request among concurrent
/// callers, refreshes ahead of expiry (the answer's `expires_in` on the client's monotonic clock),
/// retries what can be retried within an overall deadline, and discards whatever arrives after a logout.
///
/// ```swift
/// let client = CredentialClient(
///     configuration: .init(baseURL: URL(string: "https://identity.example.com")!, app: "demo"),
///     proof: { _ in .sessionToken(await session.currentJWT()) })
/// let chat = ProviderReference(kind: "zendesk-chat")  // config.example.yaml's instance "zendesk-chat"
/// let jwt = try await client.credential(for: user, from: chat).jwt
/// ```
public final class CredentialClient: Sendable {
    /// How the client reaches the service and judges freshness.
    public let configuration: Configuration
    /// The uniform events the client causes: `credentials_refresh_requested` (reason
    /// `refresh_ahead` or `expired`), `authentication_failed` (the service refused the caller
    /// proof twice), `logged_out` (``clear(user:)``).
    public let eventHub = EventHub()
    let proof: CallerProofSource
    let state: Mutex<State>

    /// One cache key: the provider instance and the user (the app is the configuration's).
    struct Key: Hashable, Sendable {
        var provider: ProviderReference
        var userId: String?
        var email: String?

        init(provider: ProviderReference, user: UserIdentity) {
            self.provider = provider
            self.userId = user.userId
            self.email = user.email
        }
    }

    /// A fetch that callers share: its task (cancelled by a clear, awaited by
    /// `waitForPendingFetches()`), and the callers waiting for its result (each of whom may leave
    /// early when cancelled, without cancelling the fetch).
    struct Fetch: Sendable {
        let id: UInt64
        let task: Task<Void, Never>
        let waiters: FetchWaiters
    }

    /// A cached credential and its deadlines on the client clock's monotonic reading.
    struct Entry: Sendable {
        var credential: Credential?
        /// Hand it out without refreshing until then (`nil`: it lives until logout).
        var refreshAt: Double?
        /// Never hand it out from then on (expiry minus the minimum remaining life).
        var unusableAt: Double?
        var fetch: Fetch?
    }

    struct State: Sendable {
        var cache: CredentialCache
        var nextFetchID: UInt64 = 0
        /// Service clock minus device clock, from the last `Date` header (diagnostics only).
        var serviceOffset: TimeInterval = 0
        var metrics: [ProviderReference: ClientMetrics] = [:]
    }

    /// Creates a client; `proof` is asked before each request, and once more after a 401.
    public init(configuration: Configuration, proof: @escaping CallerProofSource) {
        self.configuration = configuration
        self.proof = proof
        self.state = Mutex(State(cache: CredentialCache(capacity: configuration.maximumCachedCredentials)))
    }

    /// The service clock's offset from the device clock (seconds; positive: the service is ahead),
    /// as read from the last answer's `Date` header. A diagnostic only: expiry never depends on it
    /// (see ``credential(for:from:)``).
    public var serviceClockOffset: TimeInterval { state.withLock { $0.serviceOffset } }

    /// The current time on the service's clock, as the device estimates it from the `Date` header
    /// (a diagnostic only, as ``serviceClockOffset``).
    package var serviceNow: Date { configuration.clock.now().addingTimeInterval(serviceClockOffset) }

    /// The credential of `provider` for `user`: the cached one while fresh; within the refresh
    /// margin, the cached one while one background refresh runs; otherwise one shared fetch.
    ///
    /// Freshness is judged on the client clock's monotonic reading only: the answer's `expires_in`
    /// is counted from the moment the request was sent, so neither the device's wall clock, nor the
    /// service's, nor a `Date` header can make it hand out an expired credential or refetch in a
    /// loop. A credential too short-lived to cache safely (less than twice
    /// ``Configuration/minimumRemaining`` left when it arrives) goes to the callers of its fetch
    /// and is not cached.
    public nonisolated(nonsending) func credential(for user: UserIdentity, from provider: ProviderReference) async throws(IdentityError)
        -> Credential
    {
        let key = Key(provider: provider, user: user)
        let now = configuration.clock.monotonicSeconds()
        let decision = state.withLock { state -> Decision in
            let metrics = metrics(for: provider, in: &state)
            guard let slot = state.cache.slot(for: key) else {
                let fetch = startFetch(key: key, user: user, state: &state)
                _ = state.cache.insert(key, Entry(fetch: fetch), now: now)
                return .wait(fetch, refreshRequested: false)
            }
            state.cache.touch(slot)
            let entry = state.cache[slot]
            if let credential = entry.credential {
                if entry.refreshAt.map({ now < $0 }) ?? true {
                    metrics.hits.increment()
                    return .cached(credential)
                }
                if let unusableAt = entry.unusableAt, now < unusableAt {
                    metrics.hits.increment()
                    guard entry.fetch == nil else { return .cached(credential) }
                    metrics.refreshesAhead.increment()
                    let fetch = startFetch(key: key, user: user, state: &state)
                    state.cache[slot].fetch = fetch
                    return .refreshAhead(credential)
                }
            }
            if let fetch = entry.fetch { return .wait(fetch, refreshRequested: false) }
            let fetch = startFetch(key: key, user: user, state: &state)
            state.cache[slot] = Entry(fetch: fetch)
            return .wait(fetch, refreshRequested: entry.credential != nil)
        }
        switch decision {
        case .cached(let credential):
            return credential
        case .refreshAhead(let credential):
            emitRefreshRequested(provider, reason: "refresh_ahead")
            return credential
        case .wait(let fetch, let refreshRequested):
            if refreshRequested { emitRefreshRequested(provider, reason: "expired") }
            return try await fetch.waiters.wait().mapError { $0.attributed(to: provider) }.get()
        }
    }

    /// What became of a fetch's answer.
    enum Stored {
        case stored
        /// Its fetch is no longer the entry's (a logout or clear came first).
        case discarded
        /// It had no life left on arrival (`expires_in`, and how long the request took).
        case expired(Int64, Double)
    }

    enum Decision {
        case cached(Credential)
        case refreshAhead(Credential)
        case wait(Fetch, refreshRequested: Bool)
    }

    /// Drops the cached credential of `provider` for `user`, so the next call fetches a new one
    /// (what an SDK's "this token expired" hook calls). An in-flight fetch keeps running.
    public func invalidate(user: UserIdentity, provider: ProviderReference) {
        invalidate(Key(provider: provider, user: user), ifHolding: nil)
    }

    /// Drops the cached credential of `key` when it is `held` (any when `nil`): an "expired" callback
    /// invalidates what it was handed, never a newer credential fetched meanwhile.
    func invalidate(_ key: Key, ifHolding held: Credential?) {
        state.withLock { state in
            guard let slot = state.cache.slot(for: key) else { return }
            let entry = state.cache[slot]
            guard let cached = entry.credential, held == nil || cached == held else { return }
            if entry.fetch == nil {
                state.cache.remove(slot)
            } else {
                state.cache[slot].credential = nil
                state.cache[slot].refreshAt = nil
                state.cache[slot].unusableAt = nil
            }
        }
    }

    /// Logs `user` out of the client: drops every cached credential that carries the user's id or
    /// email (whatever else it was fetched with) and cancels those in-flight fetches; an answer that
    /// arrives afterwards is discarded, never cached, never handed out. Only that user's entries are
    /// read (the cache indexes them by id and by email).
    public func clear(user: UserIdentity) {
        let removed = state.withLock { state -> [(Key, Entry)] in
            state.cache.slots(of: user).map { state.cache.remove($0) }
        }
        for (_, entry) in removed { entry.fetch?.task.cancel() }
        for provider in Set(removed.map { $0.0.provider }) {
            eventHub.emit(IdentityEvent(.loggedOut, provider: provider, timestamp: configuration.clock.now()))
        }
        configuration.logger.debug("client cache cleared for one user", metadata: ["entries": "\(removed.count)"])
    }

    /// The same as ``clear(user:)``.
    public func logout(user: UserIdentity) { clear(user: user) }

    /// Drops every cached credential and cancels every in-flight fetch.
    public func clearAll() {
        let removed = state.withLock { state in state.cache.removeAll() }
        for entry in removed { entry.fetch?.task.cancel() }
    }

    /// Waits until every fetch running now (refreshes ahead included) has finished.
    package func waitForPendingFetches() async {
        let tasks = state.withLock { state in state.cache.entries.compactMap { $0.fetch?.task } }
        for task in tasks { await task.value }
    }

    /// How many credentials are cached (fetched and not cleared, evicted or swept), for tests and diagnostics.
    package var cachedCount: Int { state.withLock { $0.cache.entries.count { $0.credential != nil } } }

    /// How many entries the cache holds (credentials and fetches in flight); at most
    /// ``Configuration/maximumCachedCredentials`` plus the fetches in flight.
    public var cacheEntryCount: Int { state.withLock { $0.cache.count } }

    func metrics(for provider: ProviderReference, in state: inout State) -> ClientMetrics {
        if let metrics = state.metrics[provider] { return metrics }
        let metrics = ClientMetrics(app: configuration.app, provider: provider, factory: configuration.metrics)
        state.metrics[provider] = metrics
        return metrics
    }

    func metrics(for provider: ProviderReference) -> ClientMetrics { state.withLock { metrics(for: provider, in: &$0) } }

    private func emitRefreshRequested(_ provider: ProviderReference, reason: String) {
        eventHub.emit(
            IdentityEvent(
                .credentialsRefreshRequested, provider: provider, payload: .fields(["reason": .string(reason)]),
                timestamp: configuration.clock.now()))
    }

    /// Starts the one fetch for `key` (called under the lock); its result is stored only while it is
    /// still the entry's fetch.
    private func startFetch(key: Key, user: UserIdentity, state: inout State) -> Fetch {
        state.nextFetchID += 1
        let id = state.nextFetchID
        let waiters = FetchWaiters()
        // Unstructured on purpose: no caller's cancellation reaches it; only clear(user:) cancels it.
        let task = Task { [self] in
            let result: Result<Fetched, IdentityError>
            do throws(IdentityError) { result = .success(try await fetch(user: user, provider: key.provider)) } catch {
                result = .failure(error)
            }
            waiters.finish(complete(key: key, fetchID: id, result: result))
        }
        return Fetch(id: id, task: task, waiters: waiters)
    }

    /// Stores a fetched credential if its fetch is still current; otherwise discards it. A credential
    /// too short-lived to cache goes to the fetch's callers only.
    private func complete(key: Key, fetchID: UInt64, result: Result<Fetched, IdentityError>) -> Result<Credential, IdentityError> {
        let configuration = configuration
        let stored = state.withLock { state -> Stored in
            guard let slot = state.cache.slot(for: key), state.cache[slot].fetch?.id == fetchID else { return .discarded }
            state.cache[slot].fetch = nil
            switch result {
            case .success(let fetched):
                if let offset = fetched.serviceOffset { state.serviceOffset = offset }
                switch Freshness.plan(for: fetched, configuration: configuration) {
                case .untilLogout:
                    state.cache[slot] = Entry(credential: fetched.credential)
                case .cache(let refreshAt, let unusableAt):
                    state.cache[slot] = Entry(credential: fetched.credential, refreshAt: refreshAt, unusableAt: unusableAt)
                case .tooShortToCache:
                    state.cache.remove(slot)
                case .expiredOnArrival:
                    state.cache.remove(slot)
                    return .expired(fetched.expiresIn ?? 0, fetched.receivedAt - fetched.sentAt)
                }
            case .failure:
                // A failed refresh ahead keeps the credential still usable; a failed first fetch leaves nothing.
                if state.cache[slot].credential == nil { state.cache.remove(slot) }
            }
            return .stored
        }
        if case .expired(let expiresIn, let took) = stored {
            let error = ClientFailure.expiredOnArrival(expiresIn: expiresIn, took: took).attributed(to: key.provider)
            metrics(for: key.provider).failure(error.code)
            configuration.logger.warning(
                "credential arrived expired; not handed out", metadata: ["provider": "\(key.provider.name)", "expires_in": "\(expiresIn)"])
            return .failure(error)
        }
        guard case .stored = stored else {
            if case .success = result {
                metrics(for: key.provider).discarded.increment()
                configuration.logger.debug(
                    "late credential discarded: its user was cleared", metadata: ["provider": "\(key.provider.name)"])
            }
            return .failure(ClientFailure.cancelled())
        }
        return result.map(\.credential)
    }
}
