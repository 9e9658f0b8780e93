// The app-side credential client: the cost of a cached hit, and 10,000 concurrent callers on one key.
//
//     swift run --package-path Benchmarks -c release client-bench [HITS]
//
// The service is in process behind the client's transport protocol (it mints a real HS256 JWT and
// answers after 2 ms, like a fast loopback round trip), so the figures are the client's own.
import Foundation
import IdentityBridge
import IdentityBridgeClient
import Logging
import Synchronization

/// Mints a Chat-like JWT (exp = now + 420 s) after `latency`, counting requests.
final class InProcessService: ClientTransport {
    let requests = Atomic<Int>(0)
    let signer = HS256Signer(secret: Secret("client-bench-signing-secret-0123456789abcdef"))
    let latency: Duration

    init(latency: Duration) { self.latency = latency }

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        requests.add(1, ordering: .relaxed)
        try? await Task.sleep(for: latency)
        let iat = Int64(Date().timeIntervalSince1970)
        let jwt = signer.sign(claims: ["iat": .int(iat), "exp": .int(iat + 420), "external_id": "u-bench"])
        let body = #"{"app":"demo","credential":{"jwt":"\#(jwt)"},"kind":"zendesk-chat","provider":"chat"}"#
        return ClientResponse(status: 200, body: Data(body.utf8))
    }
}

func makeClient(_ service: InProcessService) -> CredentialClient {
    CredentialClient(
        configuration: .init(
            baseURL: URL(string: "http://127.0.0.1:8080")!, app: "demo", transport: service,
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })),
        proof: { _ in .apiKey("bench-api-key") })
}

let hits = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2_000_000
let chat = ProviderReference(kind: "zendesk-chat", name: "chat")
let user = UserIdentity(userId: "u-bench", email: "bench@example.com", name: "Bench")

// 1. A cached hit: the median of 5 rounds of `hits` sequential calls.
let service = InProcessService(latency: .milliseconds(2))
let client = makeClient(service)
_ = try await client.credential(for: user, from: chat)
var perHit: [Double] = []
for _ in 0..<5 {
    let start = ContinuousClock.now
    var bytes = 0
    for _ in 0..<hits { bytes &+= try await client.credential(for: user, from: chat).jwt?.utf8.count ?? 0 }
    let elapsed = ContinuousClock.now - start
    precondition(bytes > 0)
    perHit.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
}
let hitNanoseconds = perHit.sorted()[2] / Double(hits)

// 2. One fetch (the 2 ms service included) for comparison.
let fetchStart = ContinuousClock.now
client.clearAll()
_ = try await client.credential(for: user, from: chat)
let fetchElapsed = ContinuousClock.now - fetchStart
let fetchMicroseconds = Double(fetchElapsed.components.attoseconds) / 1e12 + Double(fetchElapsed.components.seconds) * 1e6

// 3. 10,000 concurrent callers on one key with a cold cache.
let callers = 10_000
let crowdService = InProcessService(latency: .milliseconds(2))
let crowd = makeClient(crowdService)
let crowdStart = ContinuousClock.now
let distinct = try await withThrowingTaskGroup(of: String?.self) { group in
    for _ in 0..<callers { group.addTask { try await crowd.credential(for: user, from: chat).jwt } }
    var tokens = Set<String?>()
    for try await token in group { tokens.insert(token) }
    return tokens
}
let crowdElapsed = ContinuousClock.now - crowdStart

// 4. The same crowd without a client (each caller fetches itself): the requests a service would see.
let bareService = InProcessService(latency: .milliseconds(2))
let request = ClientRequest(url: URL(string: "http://127.0.0.1:8080/v1/apps/demo/providers/chat/credentials")!, timeout: 10)
let bareStart = ContinuousClock.now
try await withThrowingTaskGroup(of: Void.self) { group in
    for _ in 0..<callers { group.addTask { _ = try await bareService.send(request) } }
    try await group.waitForAll()
}
let bareElapsed = ContinuousClock.now - bareStart

print("client-bench (in-process service answering after 2 ms; \(hits) hits x 5 rounds, median)")
print(String(format: "cached hit:                %8.1f ns   (target < 1000 ns)", hitNanoseconds))
let fetchRatio = fetchMicroseconds * 1000 / hitNanoseconds
print(String(format: "one fetch (2 ms service):  %8.1f us   (%.0fx a cached hit)", fetchMicroseconds, fetchRatio))
let crowdRequests = crowdService.requests.load(ordering: .relaxed)
let bareRequests = bareService.requests.load(ordering: .relaxed)
print("10,000 concurrent callers: \(crowdRequests) request(s), \(distinct.count) distinct token(s), \(crowdElapsed)")
print("without the client:        \(bareRequests) requests (\(bareRequests / max(crowdRequests, 1))x), \(bareElapsed)")
