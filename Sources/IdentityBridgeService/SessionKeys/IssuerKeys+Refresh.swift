#if TokenService
import IdentityBridge
import Logging
import Prometheus
import Synchronization
import Tracing

/// Refreshing an issuer's keys: on schedule, on an unknown `kid`, and the first fetch at start.
extension IssuerKeys {

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

    func fetch(_ reason: Reason) async {
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
    func get(_ document: String, _ url: String) async throws(SessionKeyFetchFailure) -> FetchedDocument {
        do {
            let fetched = try await fetcher.fetch(url, limit: SessionKeySet.maxBytes, timeout: .seconds(configured.cache.timeout))
            metrics?.sessionKeyFetches(app: app, issuer: configured.label, document: document, result: "ok").increment()
            return fetched
        } catch {
            metrics?.sessionKeyFetches(app: app, issuer: configured.label, document: document, result: error.kind.rawValue).increment()
            throw error
        }
    }
}
#endif
