public import Foundation
public import IdentityBridge
import Logging
import Metrics
import Synchronization

/// The app side of every flow: fetches each provider's credential from the token service, caches
/// it per (app, provider instance, user), shares one request among concurrent callers, refreshes
/// ahead of expiry on the service's clock, retries what can be retried, and discards whatever
/// arrives after a logout.
///
/// ```swift
/// let client = CredentialClient(
///     configuration: .init(baseURL: URL(string: "https://identity.example.com")!, app: "demo"),
///     proof: { _ in .sessionToken(await session.currentJWT()) })
/// let chat = ProviderReference(kind: "zendesk-chat", name: "chat")
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
    let state = Mutex(State())

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

        /// Whether the key is `user`'s (emails compared without case).
        func belongs(to user: UserIdentity) -> Bool { userId == user.userId && email?.lowercased() == user.email?.lowercased() }
    }

    /// A fetch that callers share: its task (cancelled by a clear, awaited by
    /// ``waitForPendingFetches()``), and the callers waiting for its result (each of whom may leave
    /// early when cancelled, without cancelling the fetch).
    struct Fetch: Sendable {
        let id: UInt64
        let task: Task<Void, Never>
        let waiters: FetchWaiters
    }

    /// A cached credential and its deadlines on the service clock.
    struct Entry: Sendable {
        var credential: Credential?
        /// Hand it out without refreshing until then.
        var refreshAt: Date?
        /// Never hand it out from then on (expiry minus the minimum remaining life).
        var unusableAt: Date?
        var fetch: Fetch?
    }

    struct State: Sendable {
        var entries: [Key: Entry] = [:]
        var nextFetchID: UInt64 = 0
        /// Service clock minus device clock, from the last `Date` header.
        var serviceOffset: TimeInterval = 0
        var metrics: [ProviderReference: ClientMetrics] = [:]
    }

    /// Creates a client; `proof` is asked before each request, and once more after a 401.
    public init(configuration: Configuration, proof: @escaping CallerProofSource) {
        self.configuration = configuration
        self.proof = proof
    }

    /// The service clock's offset from the device clock (seconds; positive: the service is ahead),
    /// as read from the last answer's `Date` header.
    public var serviceClockOffset: TimeInterval { state.withLock { $0.serviceOffset } }

    /// The current time on the service's clock, as the device estimates it.
    public var serviceNow: Date { configuration.clock.now().addingTimeInterval(serviceClockOffset) }

    /// The credential of `provider` for `user`: the cached one while fresh; within the refresh
    /// margin, the cached one while one background refresh runs; otherwise one shared fetch.
    /// Never a credential that has already expired on the service's clock.
    public nonisolated(nonsending) func credential(for user: UserIdentity, from provider: ProviderReference) async throws(IdentityError)
        -> Credential
    {
        let key = Key(provider: provider, user: user)
        let now = configuration.clock.now()
        let decision = state.withLock { state -> Decision in
            let serviceNow = now.addingTimeInterval(state.serviceOffset)
            let metrics = metrics(for: provider, in: &state)
            var entry = state.entries[key] ?? Entry()
            if let credential = entry.credential {
                if entry.refreshAt.map({ serviceNow < $0 }) ?? true {
                    metrics.hits.increment()
                    return .cached(credential)
                }
                if let unusableAt = entry.unusableAt, serviceNow < unusableAt {
                    metrics.hits.increment()
                    guard entry.fetch == nil else { return .cached(credential) }
                    metrics.refreshesAhead.increment()
                    entry.fetch = startFetch(key: key, user: user, state: &state)
                    state.entries[key] = entry
                    return .refreshAhead(credential)
                }
            }
            if let fetch = entry.fetch { return .wait(fetch, refreshRequested: false) }
            let expired = entry.credential != nil
            entry.credential = nil
            entry.fetch = startFetch(key: key, user: user, state: &state)
            state.entries[key] = entry
            return .wait(entry.fetch!, refreshRequested: expired)
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

    enum Decision {
        case cached(Credential)
        case refreshAhead(Credential)
        case wait(Fetch, refreshRequested: Bool)
    }

    /// Drops the cached credential of `provider` for `user`, so the next call fetches a new one
    /// (what an SDK's "this token expired" hook calls). An in-flight fetch keeps running.
    public func invalidate(user: UserIdentity, provider: ProviderReference) {
        let key = Key(provider: provider, user: user)
        state.withLock { state in
            guard var entry = state.entries[key] else { return }
            entry.credential = nil
            entry.refreshAt = nil
            entry.unusableAt = nil
            state.entries[key] = entry
        }
    }

    /// Logs `user` out of the client: drops every cached credential of theirs and cancels their
    /// in-flight fetches; an answer that arrives afterwards is discarded, never cached, never handed out.
    public func clear(user: UserIdentity) {
        let removed = state.withLock { state -> [Key: Entry] in
            let keys = state.entries.keys.filter { $0.belongs(to: user) }
            var removed: [Key: Entry] = [:]
            for key in keys { removed[key] = state.entries.removeValue(forKey: key) }
            return removed
        }
        for entry in removed.values { entry.fetch?.task.cancel() }
        for provider in Set(removed.keys.map(\.provider)) {
            eventHub.emit(IdentityEvent(.loggedOut, provider: provider, timestamp: configuration.clock.now()))
        }
        configuration.logger.debug("client cache cleared for one user", metadata: ["entries": "\(removed.count)"])
    }

    /// The same as ``clear(user:)``.
    public func logout(user: UserIdentity) { clear(user: user) }

    /// Drops every cached credential and cancels every in-flight fetch.
    public func clearAll() {
        let removed = state.withLock { state -> [Entry] in
            defer { state.entries.removeAll() }
            return Array(state.entries.values)
        }
        for entry in removed { entry.fetch?.task.cancel() }
    }

    /// Waits until every fetch running now (refreshes ahead included) has finished.
    public func waitForPendingFetches() async {
        let tasks = state.withLock { state in state.entries.values.compactMap { $0.fetch?.task } }
        for task in tasks { await task.value }
    }

    /// How many credentials are cached (fetched and not cleared), for tests and diagnostics.
    public var cachedCount: Int { state.withLock { $0.entries.values.count { $0.credential != nil } } }

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

    /// Stores a fetched credential if its fetch is still current; otherwise discards it.
    private func complete(key: Key, fetchID: UInt64, result: Result<Fetched, IdentityError>) -> Result<Credential, IdentityError> {
        let lifetimeWithoutExp = configuration.lifetimeWithoutExp
        let margin = configuration.refreshMargin
        let minimum = configuration.minimumRemaining
        let stored = state.withLock { state -> Bool in
            guard var entry = state.entries[key], entry.fetch?.id == fetchID else { return false }
            entry.fetch = nil
            if case .success(let fetched) = result {
                if let offset = fetched.serviceOffset { state.serviceOffset = offset }
                entry.credential = fetched.credential
                if let expiry = CredentialExpiry.expiry(of: fetched.credential, lifetimeWithoutExp: lifetimeWithoutExp) {
                    // A credential shorter-lived than twice the margin refreshes at half its remaining life.
                    let remaining = expiry.timeIntervalSince(fetched.receivedAt.addingTimeInterval(state.serviceOffset))
                    entry.refreshAt = expiry.addingTimeInterval(-min(margin, max(0, remaining / 2)))
                    entry.unusableAt = expiry.addingTimeInterval(-min(minimum, max(0, remaining / 4)))
                } else {
                    entry.refreshAt = nil
                    entry.unusableAt = nil
                }
            }
            state.entries[key] = entry
            return true
        }
        guard stored else {
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
