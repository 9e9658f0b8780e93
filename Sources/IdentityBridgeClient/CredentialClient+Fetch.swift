import Foundation
import IdentityBridge
import Logging
import Metrics

extension CredentialClient {
    /// A credential as fetched, with what the answer said about the service's clock.
    struct Fetched: Sendable {
        var credential: Credential
        var receivedAt: Date
        var serviceOffset: TimeInterval?
    }

    /// `POST /v1/apps/{app}/providers/{provider}/credentials` with retries: network errors,
    /// timeouts and 503 are retried with backoff; a 401 asks the proof closure once more; any other
    /// status is the service's uniform error at once.
    func fetch(user: UserIdentity, provider: ProviderReference) async throws(IdentityError) -> Fetched {
        let metrics = metrics(for: provider)
        metrics.fetches.increment()
        var retry = 0
        var proofRejected = false
        while true {
            do {
                return try await attempt(user: user, provider: provider, proofRejected: proofRejected)
            } catch let failure {
                if Task.isCancelled { throw ClientFailure.cancelled() }
                switch failure {
                case .unauthorized(let error) where !proofRejected:
                    proofRejected = true
                    configuration.logger.notice("the service refused the caller proof; asking for a new one", metadata: meta(provider))
                    _ = error
                    continue
                case .unauthorized(let error):
                    metrics.failure(error.code)
                    eventHub.emit(
                        IdentityEvent(
                            .authenticationFailed, provider: provider, payload: .failure(error), timestamp: configuration.clock.now()))
                    throw error
                case .retryable(let error) where retry < configuration.retry.maxRetries:
                    retry += 1
                    metrics.retries.increment()
                    let delay = configuration.retry.delay(beforeRetry: retry, random: configuration.random())
                    var metadata = meta(provider)
                    metadata["code"] = "\(error.code.rawValue)"
                    metadata["retry"] = "\(retry)"
                    configuration.logger.info("credential fetch failed; retrying", metadata: metadata)
                    do { try await configuration.clock.sleep(for: delay) } catch { throw ClientFailure.cancelled() }
                case .retryable(let error), .final(let error):
                    metrics.failure(error.code)
                    var metadata = meta(provider)
                    metadata["code"] = "\(error.code.rawValue)"
                    configuration.logger.warning("credential fetch failed", metadata: metadata)
                    throw error
                }
            }
        }
    }

    private func meta(_ provider: ProviderReference) -> Logger.Metadata {
        ["app": "\(configuration.app)", "provider": "\(provider.name)"]
    }

    /// How one attempt failed.
    enum AttemptFailure: Error {
        case retryable(IdentityError)
        case unauthorized(IdentityError)
        case final(IdentityError)
    }

    private func attempt(user: UserIdentity, provider: ProviderReference, proofRejected: Bool) async throws(AttemptFailure) -> Fetched {
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
            body: Self.body(for: user), timeout: configuration.timeout)
        let clock = configuration.clock
        let sentAt = clock.now()
        let response: ClientResponse
        do { response = try await sendWithTimeout(request) } catch {
            throw error.code == .networkError ? .retryable(error) : .final(error)
        }
        let receivedAt = clock.now()
        let offset = response.header("Date").flatMap { ServiceClock.offset(dateHeader: $0, sentAt: sentAt, receivedAt: receivedAt) }
        switch response.status {
        case 200:
            do {
                let credential = try Self.credential(from: response.body, provider: provider)
                return Fetched(credential: credential, receivedAt: receivedAt, serviceOffset: offset)
            } catch { throw .final(error) }
        case 401: throw .unauthorized(Self.serviceError(response, provider: provider))
        case 503: throw .retryable(Self.serviceError(response, provider: provider))
        default: throw .final(Self.serviceError(response, provider: provider))
        }
    }

    /// Sends `request`, giving up after ``Configuration/timeout`` on the client's clock.
    private func sendWithTimeout(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        let transport = configuration.transport
        let clock = configuration.clock
        let timeout = configuration.timeout
        let result = await withTaskGroup(of: Result<ClientResponse, IdentityError>?.self) { group in
            group.addTask {
                do throws(IdentityError) { return .success(try await transport.send(request)) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await clock.sleep(for: timeout) } catch { return nil }
                return .failure(ClientFailure.timeout(timeout))
            }
            var first: Result<ClientResponse, IdentityError>?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first
        }
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

    /// The `credential` object of a 200 answer.
    static func credential(from body: Data, provider: ProviderReference) throws(IdentityError) -> Credential {
        guard body.count <= 65_536, let answer = try? JSONDecoder().decode(CredentialBody.self, from: body) else {
            throw ClientFailure.badResponse("the body is not the credentials route's JSON").attributed(to: provider)
        }
        guard !answer.credential.fields.isEmpty else {
            throw ClientFailure.badResponse("its \"credential\" object is empty").attributed(to: provider)
        }
        return answer.credential
    }

    /// The service's uniform error (`{"error": {...}}`), or `unknown_error` naming the status when the body is not one.
    static func serviceError(_ response: ClientResponse, provider: ProviderReference) -> IdentityError {
        if response.body.count <= 65_536, let object = try? JSONDecoder().decode(ErrorBody.self, from: response.body) {
            return object.error.attributed(to: provider)
        }
        let code: IdentityError.Code = response.status == 503 ? .networkError : .unknown
        return IdentityError(
            code, message: "The token service answered HTTP \(response.status) without a uniform error.",
            recovery: "Check that the client's base URL points at the IdentityBridge token service.", provider: provider)
    }

    private struct CredentialBody: Decodable {
        let credential: Credential
    }

    private struct ErrorBody: Decodable {
        let error: IdentityError
    }
}
