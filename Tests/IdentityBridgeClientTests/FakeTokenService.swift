import Foundation
import IdentityBridge
import IdentityBridgeClient
import Logging
import Metrics
import MetricsTestKit
import Synchronization

/// A scripted token service behind the client's transport protocol: it mints a Chat-like JWT
/// (`exp` = its own clock + `lifetime`), stamps a `Date` header from its own clock (which may
/// differ from the device's), answers scripted statuses first, and can hold answers until released.
final class FakeTokenService: ClientTransport {
    struct State {
        var requests = 0
        var script: [Int] = []
        var held: [CheckedContinuation<Void, Never>] = []
        var holding = false
        var issued: [String] = []
        var users: [String] = []
        var authorizations: [String] = []
        /// Tests waiting for this many held answers.
        var holdWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let clock: any IdentityClock
    let lifetime: TimeInterval
    let signer = HS256Signer(secret: Secret("fake-service-signing-secret-0123456789abcdef"))
    let state = Mutex(State())

    /// A service whose clock is `clock` and whose JWTs live `lifetime` seconds.
    init(clock: any IdentityClock, lifetime: TimeInterval = 420) {
        self.clock = clock
        self.lifetime = lifetime
    }

    var requests: Int { state.withLock { $0.requests } }
    var issued: [String] { state.withLock { $0.issued } }
    var users: [String] { state.withLock { $0.users } }
    var authorizations: [String] { state.withLock { $0.authorizations } }
    var heldCount: Int { state.withLock { $0.held.count } }

    /// The next answers' statuses (then 200s).
    func script(_ statuses: [Int]) { state.withLock { $0.script = statuses } }
    /// Holds every answer until ``release()``.
    func hold() { state.withLock { $0.holding = true } }
    /// Suspends until `count` answers are held: the event of a request reaching the held service,
    /// instead of polling ``heldCount``.
    func waitUntilHolding(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.held.count < count else { return true }
                state.holdWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Releases the held answers and stops holding.
    func release() {
        let held = state.withLock { state in
            state.holding = false
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        let body = (try? JSONDecoder().decode([String: String].self, from: request.body)) ?? [:]
        let status = state.withLock { state -> Int in
            state.requests += 1
            state.users.append(body["user_id"] ?? "-")
            state.authorizations.append(request.headers["Authorization"] ?? "")
            return state.script.isEmpty ? 200 : state.script.removeFirst()
        }
        let mustHold = state.withLock { $0.holding }
        if mustHold {
            await withCheckedContinuation { continuation in
                let (resumeNow, reached) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    guard state.holding else { return (true, []) }
                    state.held.append(continuation)
                    let held = state.held.count
                    defer { state.holdWaiters.removeAll { $0.count <= held } }
                    return (false, state.holdWaiters.filter { $0.count <= held }.map { $0.continuation })
                }
                for waiter in reached { waiter.resume() }
                if resumeNow { continuation.resume() }
            }
        }
        let now = clock.now()
        let date = ServiceClock.httpDate(now)
        guard status == 200 else {
            let code = status == 422 ? "value_too_long" : status == 401 ? "token_invalid" : "limit_exceeded"
            let json = #"{"error":{"code":"\#(code)","message":"scripted \#(status)","field":"userId","vendor_code":null}}"#
            return ClientResponse(status: status, headers: ["Date": date, "Content-Type": "application/json"], body: Data(json.utf8))
        }
        let iat = Int64(now.timeIntervalSince1970.rounded(.down))
        let jwt = signer.sign(claims: [
            "iat": .int(iat), "exp": .int(iat + Int64(lifetime)), "external_id": .string(body["user_id"] ?? ""),
            "jti": .string(UUID().uuidString),
        ])
        state.withLock { $0.issued.append(jwt) }
        let json = #"{"app":"demo","credential":{"jwt":"\#(jwt)"},"kind":"zendesk-chat","provider":"chat"}"#
        return ClientResponse(status: 200, headers: ["date": date], body: Data(json.utf8))
    }
}

/// A clock `offset` seconds away from `base` (a device whose clock is wrong).
struct OffsetClock: IdentityClock {
    let base: ManualClientClock
    let offset: TimeInterval
    func now() -> Date { base.now().addingTimeInterval(offset) }
}

/// A transport that never answers until cancelled (a service that accepted and hangs).
final class HangingTransport: ClientTransport {
    struct State {
        var calls = 0
        var parked: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
    }
    let state = Mutex(State())
    var calls: Int { state.withLock { $0.calls } }

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        let id = state.withLock { state -> Int in
            state.calls += 1
            return state.calls
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.cancelled.contains(id) { return true }
                    state.parked[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let parked = state.withLock { state in
                state.cancelled.insert(id)
                return state.parked.removeValue(forKey: id)
            }
            parked?.resume()
        }
        throw ClientFailure.unreachable("cancelled")
    }
}

extension CredentialClient {
    /// A client of the fake service on `clock`, with an API key proof.
    static func fake(
        _ service: any ClientTransport, clock: any ClientClock, margin: TimeInterval = 60, retry: RetryPolicy = RetryPolicy(),
        timeout: TimeInterval = 10, deadline: TimeInterval = 15, metrics: any MetricsFactory = TestMetrics()
    ) -> CredentialClient {
        CredentialClient(
            configuration: Configuration(
                baseURL: URL(string: "http://127.0.0.1:9")!, app: "demo", refreshMargin: margin, timeout: timeout, deadline: deadline,
                retry: retry,
                clock: clock,
                transport: service, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), metrics: metrics),
            proof: { _ in .apiKey("test-api-key") })
    }
}

let chatRef = ProviderReference(kind: "zendesk-chat", name: "chat")
let ann = UserIdentity(userId: "u-ann", email: "ann@example.com", name: "Ann")
let bob = UserIdentity(userId: "u-bob", email: "bob@example.com", name: "Bob")

/// A transport that ignores cancellation: it answers only when the test releases it (a transport
/// stuck in a system call, or one that was written without cancellation).
final class DeafTransport: ClientTransport {
    private let state = Mutex<(calls: Int, parked: [CheckedContinuation<Void, Never>])>((0, []))
    var calls: Int { state.withLock { $0.calls } }

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock {
                $0.calls += 1
                $0.parked.append(continuation)
            }
        }
        throw ClientFailure.unreachable("answered late")
    }

    /// Lets every parked request end.
    func release() {
        let parked = state.withLock { state in
            defer { state.parked.removeAll() }
            return state.parked
        }
        for continuation in parked { continuation.resume() }
    }
}

/// The fake service's answers with `expires_in` replaced by `expiresIn`.
struct ExpiresInTransport: ClientTransport {
    let base: any ClientTransport
    let expiresIn: Int
    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        var answer = try await base.send(request)
        guard var object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] else { return answer }
        object["expires_in"] = expiresIn
        answer.body = (try? JSONSerialization.data(withJSONObject: object)) ?? answer.body
        return answer
    }
}
