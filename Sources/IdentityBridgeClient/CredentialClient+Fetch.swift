import Foundation
import IdentityBridgeModel
import Logging
import Metrics

extension CredentialClient {
    /// A credential as fetched, with its lifetime and the monotonic instants around its request.
    struct Fetched: Sendable {
        var credential: Credential
        /// The answer's `expires_in`, when it has one.
        var expiresIn: Int64?
        /// When the request was sent (the client clock's monotonic reading): `expires_in` counts from here.
        var sentAt: Double
        /// When the answer arrived (monotonic).
        var receivedAt: Double
        /// What the `Date` header said about the service's clock (diagnostics only).
        var serviceOffset: TimeInterval?
    }

    /// `POST /v1/apps/{app}/providers/{provider}/credentials` with retries, all within
    /// ``Configuration/deadline``: network errors, timeouts, 502, 503, 504 and 429 are retried with
    /// backoff (after `Retry-After` when the answer has one, unless it ends past the deadline); a
    /// 401 asks the proof closure once more; any other status is the service's uniform error at once.
    func fetch(user: UserIdentity, provider: ProviderReference) async throws(IdentityError) -> Fetched {
        let metrics = metrics(for: provider)
        metrics.fetches.increment()
        let clock = configuration.clock
        let deadline = clock.monotonicSeconds() + configuration.deadline
        var retry = 0
        var proofRejected = false
        while true {
            let remaining = deadline - clock.monotonicSeconds()
            guard remaining > 0 else { throw failed(ClientFailure.deadlineExceeded(configuration.deadline), provider, metrics) }
            do {
                return try await attempt(
                    user: user, provider: provider, proofRejected: proofRejected, timeout: min(configuration.timeout, remaining))
            } catch let failure {
                if Task.isCancelled { throw ClientFailure.cancelled() }
                switch failure {
                case .unauthorized where !proofRejected:
                    proofRejected = true
                    configuration.logger.notice("the service refused the caller proof; asking for a new one", metadata: meta(provider))
                    continue
                case .unauthorized(let error):
                    metrics.failure(error.code)
                    eventHub.emit(
                        IdentityEvent(
                            .authenticationFailed, provider: provider, payload: .failure(error), timestamp: configuration.clock.now()))
                    throw error
                case .retryable(let error, let retryAfter) where retry < configuration.retry.maxRetries:
                    let backoff = configuration.retry.delay(beforeRetry: retry + 1, random: configuration.random())
                    let delay = max(backoff, retryAfter ?? 0)
                    let remaining = deadline - clock.monotonicSeconds()
                    // A wait that ends past the deadline is not worth starting: the error now.
                    guard delay < remaining else {
                        if error.code == .networkError, error.receivedHTTPStatus == nil, remaining <= 0 {
                            throw failed(ClientFailure.deadlineExceeded(configuration.deadline), provider, metrics)
                        }
                        throw failed(error, provider, metrics)
                    }
                    retry += 1
                    metrics.retries.increment()
                    var metadata = meta(provider)
                    metadata["code"] = "\(error.code.rawValue)"
                    metadata["status"] = "\(error.receivedHTTPStatus.map(String.init) ?? "-")"
                    metadata["retry"] = "\(retry)"
                    configuration.logger.info("credential fetch failed; retrying", metadata: metadata)
                    do { try await clock.sleep(for: delay) } catch { throw ClientFailure.cancelled() }
                case .retryable(let error, _), .final(let error):
                    throw failed(error, provider, metrics)
                }
            }
        }
    }

    /// Counts and logs the fetch's final failure `error`, and returns it.
    private func failed(_ error: IdentityError, _ provider: ProviderReference, _ metrics: ClientMetrics) -> IdentityError {
        metrics.failure(error.code)
        var metadata = meta(provider)
        metadata["code"] = "\(error.code.rawValue)"
        configuration.logger.warning("credential fetch failed", metadata: metadata)
        return error
    }

    private func meta(_ provider: ProviderReference) -> Logger.Metadata {
        ["app": "\(configuration.app)", "provider": "\(provider.name)"]
    }

    /// How one attempt failed.
    enum AttemptFailure: Error {
        /// Worth another attempt; `retryAfter` is the answer's `Retry-After` in seconds, if any.
        case retryable(IdentityError, retryAfter: TimeInterval?)
        case unauthorized(IdentityError)
        case final(IdentityError)
    }

    private func attempt(user: UserIdentity, provider: ProviderReference, proofRejected: Bool, timeout: TimeInterval)
        async throws(AttemptFailure) -> Fetched
    {
        let callerProof: CallerProof
        do {
            callerProof = try await proof(CallerProofRequest(user: user, provider: provider, previousWasRejected: proofRejected))
        } catch let error as IdentityError {
            throw .final(error)
        } catch {
            throw .final(
                IdentityError(
                    .tokenMissing, message: "The caller proof closure failed (\(type(of: error))).",
                    recovery: "Sign the user in to the app again, or check the API key source.", provider: provider))
        }
        let request = ClientRequest(
            url: credentialsURL(provider: provider),
            headers: [
                "Authorization": "Bearer \(callerProof.bearer)", "Content-Type": "application/json", "Accept": "application/json",
            ],
            body: Self.body(for: user), timeout: timeout)
        let clock = configuration.clock
        let sentAt = clock.monotonicSeconds()
        let sentAtWall = clock.now()
        let response: ClientResponse
        do { response = try await sendWithTimeout(request, provider: provider) } catch {
            throw error.code == .networkError ? .retryable(error, retryAfter: nil) : .final(error)
        }
        let receivedAt = clock.monotonicSeconds()
        let offset = response.header("Date").flatMap {
            ServiceClock.offset(dateHeader: $0, sentAt: sentAtWall, receivedAt: sentAtWall.addingTimeInterval(receivedAt - sentAt))
        }
        switch response.status {
        case 200:
            do {
                let (credential, expiresIn) = try Self.credential(from: response.body, provider: provider)
                return Fetched(credential: credential, expiresIn: expiresIn, sentAt: sentAt, receivedAt: receivedAt, serviceOffset: offset)
            } catch { throw .final(error) }
        case 401: throw .unauthorized(Self.serviceError(response, provider: provider))
        case 429, 502, 503, 504:
            throw .retryable(Self.serviceError(response, provider: provider), retryAfter: Self.retryAfter(response))
        default: throw .final(Self.serviceError(response, provider: provider))
        }
    }

    /// The `Retry-After` delta-seconds of `response` (RFC 9110 §10.2.3); the HTTP-date form would
    /// need the wall clock, so it is ignored (the backoff applies).
    static func retryAfter(_ response: ClientResponse) -> TimeInterval? {
        guard let text = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces), text.utf8.count <= 10,
            let seconds = Int(text), seconds >= 0
        else { return nil }
        return TimeInterval(seconds)
    }

    /// Sends `request`, giving up after its timeout on the client's clock, or when the calling task
    /// (the fetch, which a logout cancels) is cancelled, whatever the transport does: the transport's
    /// task is cancelled and left behind, never awaited (a transport that ignores cancellation costs a
    /// task, not the caller's time). An answer that arrives after the race ended is discarded and counted
    /// (`identitybridge_client_discarded_responses_total`).
    private func sendWithTimeout(_ request: ClientRequest, provider: ProviderReference) async throws(IdentityError) -> ClientResponse {
        let transport = configuration.transport
        let clock = configuration.clock
        let timeout = request.timeout
        let race = AttemptRace()
        let sending = Task { [self] in
            do throws(IdentityError) {
                let answer = try await transport.send(request)
                if !race.finish(.success(answer)) {
                    metrics(for: provider).discarded.increment()
                    configuration.logger.debug(
                        "late answer discarded: its attempt had ended (timeout, logout or cancellation)",
                        metadata: ["provider": "\(provider.name)"])
                }
            } catch {
                race.finish(.failure(error))
            }
        }
        let timer = Task {
            do { try await clock.sleep(for: timeout) } catch { return }
            race.finish(.failure(ClientFailure.timeout(timeout)))
        }
        let result = await race.wait()
        sending.cancel()
        timer.cancel()
        guard let result else { throw ClientFailure.cancelled() }
        return try result.get()
    }

    func credentialsURL(provider: ProviderReference) -> URL {
        configuration.baseURL.appendingPathComponent("v1").appendingPathComponent("apps").appendingPathComponent(configuration.app)
            .appendingPathComponent("providers").appendingPathComponent(provider.name).appendingPathComponent("credentials")
    }

    /// `{"user_id", "email", "name"}` (with a session token the service takes the user from its claims).
    static func body(for user: UserIdentity) -> Data {
        var object: [String: String] = [:]
        if let userId = user.userId { object["user_id"] = userId }
        if let email = user.email { object["email"] = email }
        if let name = user.name { object["name"] = name }
        return (try? JSONEncoder().encode(object)) ?? Data("{}".utf8)
    }

    /// The `credential` object of a 200 answer, and its `expires_in`.
    static func credential(from body: Data, provider: ProviderReference) throws(IdentityError) -> (Credential, Int64?) {
        guard body.count <= 65_536, let answer = try? JSONDecoder().decode(CredentialBody.self, from: body) else {
            throw ClientFailure.badResponse("the body is not the credentials route's JSON").attributed(to: provider)
        }
        guard !answer.credential.fields.isEmpty else {
            throw ClientFailure.badResponse("its \"credential\" object is empty").attributed(to: provider)
        }
        return (answer.credential, answer.expiresIn)
    }

    /// The service's uniform error (`{"error": {...}}`), or, when the body is not one, `network_error`
    /// for 429, 502, 503 and 504 (a proxy or load balancer) and `unknown_error` otherwise; either
    /// way with the status received (`IdentityError.receivedHTTPStatus`).
    static func serviceError(_ response: ClientResponse, provider: ProviderReference) -> IdentityError {
        var error: IdentityError
        if response.body.count <= 65_536, let object = try? JSONDecoder().decode(ErrorBody.self, from: response.body) {
            error = object.error.attributed(to: provider)
        } else {
            let code: IdentityError.Code = [429, 502, 503, 504].contains(response.status) ? .networkError : .unknown
            error = IdentityError(
                code, message: "The token service answered HTTP \(response.status) without a uniform error.",
                recovery: "Check that the client's base URL points at the IdentityBridge token service.", provider: provider)
        }
        error.receivedHTTPStatus = response.status
        return error
    }

    private struct CredentialBody: Decodable {
        let credential: Credential
        let expiresIn: Int64?

        enum CodingKeys: String, CodingKey {
            case credential
            case expiresIn = "expires_in"
        }
    }

    private struct ErrorBody: Decodable {
        let error: IdentityError
    }
}
