// service-bench: the token service's credentials route against a bare Hummingbird route, in process.
//
//   swift run --package-path Benchmarks -c release service-bench [ITERATIONS]     (from the repository root)
//
// Both routers answer `POST /v1/apps/demo/providers/zendesk-chat/credentials`: the service's is the
// one `identityctl serve` runs (`TokenService.makeRouter()` over config.example.yaml, with random
// secrets), the bare one answers a constant JSON body of the same size. Each side's responder is
// called ITERATIONS times in a loop (default 200000), alternating in five rounds; no sockets, so the
// figures are the routers' own cost per request, without NIO, the kernel or wrk
// (`Benchmarks/service-load.sh` measures the whole server). Its last line:
//   service_us=X bare_us=Y extra_us=Z ratio=R
// (medians over the rounds; ratio is bare_us / service_us). Then the same route with a session token
// (issue 48): an ES256 JWT of an OpenID provider served in process on loopback (discovery and a JWK Set,
// fetched once at start; every request's key lookup is a cache hit), against the API key, in five
// alternating rounds:
//   session_us=X api_key_us=Y session_extra_us=Z
// Then tracing (issue 49): the same service with swift-otel's tracer sampling every request (a server span
// and its signing child, batched and exported over OTLP/HTTP to a sink on loopback), against the service
// without a tracer (how identity-server runs unless OTEL_* asks for spans), in five alternating rounds:
//   tracing_on_us=X tracing_off_us=Y tracing_extra_us=Z tracing_ratio=R     (R = off / on)
import Crypto
import Foundation
import Hummingbird
@_spi(Primitives) import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import IdentityBridgeStandard
import Logging
import NIOEmbedded
import Synchronization

/// The command's failures, printed as `service-bench: error: ...` with exit status 2.
struct ServiceBenchError: Error, CustomStringConvertible {
    let description: String
}

/// One side of the comparison: a router's responder and the request it answers.
struct Side: Sendable {
    let responder: any HTTPResponder<BasicRequestContext>
    let logger: Logger

    /// Microseconds per request over `iterations` calls of the responder.
    func microsecondsPerRequest(_ iterations: Int, body: String, apiKey: String) async throws -> Double {
        let channel = EmbeddedChannel()
        let start = ContinuousClock.now
        for _ in 0..<iterations {
            var head = HTTPRequest(
                method: .post, scheme: "http", authority: "127.0.0.1", path: "/v1/apps/demo/providers/zendesk-chat/credentials")
            head.headerFields[.contentType] = "application/json"
            head.headerFields[.authorization] = "Bearer \(apiKey)"
            head.headerFields[.contentLength] = "\(body.utf8.count)"
            let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            let response = try await responder.respond(
                to: Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body))), context: context)
            guard response.status == .ok else { throw ServiceBenchError(description: "the route answered \(response.status.code)") }
        }
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(iterations)
    }
}

/// Counts the bytes of a response body.
final class ByteCounter: ResponseBodyWriter, Sendable {
    let count = Mutex(0)
    func write(_ buffer: ByteBuffer) async throws { count.withLock { $0 += buffer.readableBytes } }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Serves `router` on 127.0.0.1 (a free port) as a task of `group`; returns the port once it listens.
func serveOnLoopback(
    _ router: Router<BasicRequestContext>, in group: inout ThrowingTaskGroup<Void, any Error>, logger: Logger
) async throws -> Int {
    let port = Mutex<Int?>(nil)
    let server = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in port.withLock { $0 = channel.localAddress?.port } }, logger: logger)
    group.addTask { try await server.runService() }
    while true {
        if let listening = port.withLock({ $0 }) { return listening }
        try await Task.sleep(for: .milliseconds(10))
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Five rounds of `first` then `second`, each round printed as `round N: NAME1=X NAME2=Y`; the medians.
func alternate(
    _ names: (String, String), _ first: () async throws -> Double, and second: () async throws -> Double
) async throws -> (Double, Double) {
    var firstRounds: [Double] = []
    var secondRounds: [Double] = []
    for round in 1...5 {
        firstRounds.append(try await first())
        secondRounds.append(try await second())
        let figures = (String(format: "%.2f", firstRounds.last!), String(format: "%.2f", secondRounds.last!))
        print("round \(round): \(names.0)=\(figures.0) \(names.1)=\(figures.1)")
    }
    return (median(firstRounds), median(secondRounds))
}

func run() async throws {
    let arguments = CommandLine.arguments.dropFirst()
    guard arguments.count <= 1, let iterations = Int(arguments.first ?? "200000"), (1_000...10_000_000).contains(iterations) else {
        throw ServiceBenchError(description: "ITERATIONS must be a whole number from 1000 to 10000000")
    }
    guard FileManager.default.fileExists(atPath: "config.example.yaml") else {
        throw ServiceBenchError(description: "run from the repository root (config.example.yaml not found)")
    }
    func random() -> String { (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }
    let apiKey = "bench-" + random()
    let variables = [
        "DEMO_API_KEY": apiKey, "HELPSHIFT_SECRET": random(), "HELPSHIFT_IDENTITY_SECRET": random(),
        "ZENDESK_SUPPORT_SECRET": random(), "ZENDESK_CHAT_ACCOUNT_KEY": random(), "ZENDESK_CHAT_SECRET": random(),
        "ZENDESK_MESSAGING_KEY_ID": "app_" + random(), "ZENDESK_MESSAGING_SECRET": random(),
    ]
    var logger = Logger(label: "service-bench")
    logger.logLevel = .warning
    let loader = ConfigurationLoader(
        registry: StandardProviders.registry, environment: ConfigEnvironment(variables: variables), logger: logger)
    let service = TokenService(configPath: "config.example.yaml", loader: loader, logger: logger)
    do {
        try await service.start()
    } catch {
        throw ServiceBenchError(description: error.problems.joined(separator: "; "))
    }
    let body = #"{"user_id":"load-user-1","email":"load.user@example.com","name":"Load User"}"#
    let serviceSide = Side(responder: service.makeRouter().buildResponder(), logger: logger)

    // The bare route answers a constant body as long as the service's answer.
    let probe = try await serviceSide.responder.respond(
        to: Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "127.0.0.1", path: "/v1/apps/demo/providers/zendesk-chat/credentials",
                headerFields: [.contentType: "application/json", .authorization: "Bearer \(apiKey)"]),
            body: RequestBody(buffer: ByteBuffer(string: body))),
        context: BasicRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger)))
    let counter = ByteCounter()
    try await probe.body.write(counter)
    let size = counter.count.withLock { $0 }
    let padding = String(repeating: "x", count: max(0, size - #"{"padding":""}"#.utf8.count))
    let constant = JSONValue.object(["padding": .string(padding)]).jsonString
    let bare = Router(context: BasicRequestContext.self)
    bare.post("/v1/apps/:app/providers/:provider/credentials") { request, _ -> Response in
        _ = try await request.body.collect(upTo: 65_536)
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: constant)))
    }
    let bareSide = Side(responder: bare.buildResponder(), logger: logger)

    _ = try await serviceSide.microsecondsPerRequest(max(1_000, iterations / 20), body: body, apiKey: apiKey)
    _ = try await bareSide.microsecondsPerRequest(max(1_000, iterations / 20), body: body, apiKey: apiKey)
    let (serviceUs, bareUs) = try await alternate(("service_us", "bare_us")) {
        try await serviceSide.microsecondsPerRequest(iterations, body: body, apiKey: apiKey)
    } and: {
        try await bareSide.microsecondsPerRequest(iterations, body: body, apiKey: apiKey)
    }
    print(
        String(format: "service_us=%.2f bare_us=%.2f extra_us=%.2f ratio=%.2f", serviceUs, bareUs, serviceUs - bareUs, bareUs / serviceUs))
    try await sessionTokens(iterations: iterations, apiKey: apiKey, variables: variables, body: body, logger: logger)
    try await tracing(iterations: iterations, apiKey: apiKey, loader: loader, body: body, off: serviceSide, logger: logger)
}

/// The credentials route with a session token of a loopback OpenID provider, against the same route with an API key.
func sessionTokens(iterations: Int, apiKey: String, variables: [String: String], body: String, logger: Logger) async throws {
    let key = P256.Signing.PrivateKey()
    let raw = key.publicKey.rawRepresentation
    let jwk: JSONValue = [
        "kty": "EC", "crv": "P-256", "kid": "bench-1", "use": "sig",
        "x": .string(Primitives.base64URLEncode(Array(raw.prefix(32)))), "y": .string(Primitives.base64URLEncode(Array(raw.suffix(32)))),
    ]
    let provider = Router(context: BasicRequestContext.self)
    provider.get("/.well-known/openid-configuration") { request, _ -> Response in
        let base = "http://\(request.head.authority ?? "127.0.0.1")"
        let document: JSONValue = ["issuer": .string(base), "jwks_uri": .string("\(base)/jwks")]
        return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: document.jsonString)))
    }
    provider.get("/jwks") { _, _ -> Response in
        Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(["keys": [jwk]]).jsonString)))
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
        let providerPort = try await serveOnLoopback(provider, in: &group, logger: logger)
        let issuer = "http://127.0.0.1:\(providerPort)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("service-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("session.yaml").path
        try """
        apps:
          demo:
            service:
              api_keys: [ "${DEMO_API_KEY}" ]
              session_tokens:
                issuers:
                  - { issuer_url: "\(issuer)", audience: bench-app }
            providers:
              - kind: zendesk-chat
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let loader = ConfigurationLoader(
            registry: StandardProviders.registry, environment: ConfigEnvironment(variables: variables), logger: logger)
        let service = TokenService(configPath: config, loader: loader, logger: logger)
        do {
            try await service.start()
        } catch let error as TokenService.StartError {
            throw ServiceBenchError(description: error.problems.joined(separator: "; "))
        }
        let claims: JSONValue = [
            "iss": .string(issuer), "aud": "bench-app", "sub": "load-user-1", "email": "load.user@example.com", "name": "Load User",
            "exp": .int(Int64(Date().timeIntervalSince1970) + 86_400),
        ]
        let header = Primitives.base64URLEncode(Array(#"{"alg":"ES256","kid":"bench-1","typ":"JWT"}"#.utf8))
        let input = header + "." + Primitives.base64URLEncode(Array(claims.jsonString.utf8))
        let signature = try key.signature(for: Data(input.utf8)).rawRepresentation
        let token = input + "." + Primitives.base64URLEncode(Array(signature))
        let side = Side(responder: service.makeRouter().buildResponder(), logger: logger)
        let rounds = max(1_000, iterations / 4)
        _ = try await side.microsecondsPerRequest(max(1_000, rounds / 20), body: body, apiKey: token)
        let (sessionUs, apiKeyUs) = try await alternate(("session_us", "api_key_us")) {
            try await side.microsecondsPerRequest(rounds, body: body, apiKey: token)
        } and: {
            try await side.microsecondsPerRequest(rounds, body: body, apiKey: apiKey)
        }
        print(String(format: "session_us=%.2f api_key_us=%.2f session_extra_us=%.2f", sessionUs, apiKeyUs, sessionUs - apiKeyUs))
        group.cancelAll()
    }
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("service-bench: error: \(error)\n".utf8))
    exit(2)
}
