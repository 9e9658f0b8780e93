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
// (medians over the rounds; ratio is bare_us / service_us).
import Foundation
import Hummingbird
import IdentityBridge
import IdentityBridgeHummingbird
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

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

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
    var serviceRounds: [Double] = []
    var bareRounds: [Double] = []
    for round in 1...5 {
        serviceRounds.append(try await serviceSide.microsecondsPerRequest(iterations, body: body, apiKey: apiKey))
        bareRounds.append(try await bareSide.microsecondsPerRequest(iterations, body: body, apiKey: apiKey))
        print(String(format: "round %d: service_us=%.2f bare_us=%.2f", round, serviceRounds.last!, bareRounds.last!))
    }
    let serviceUs = median(serviceRounds)
    let bareUs = median(bareRounds)
    print(
        String(format: "service_us=%.2f bare_us=%.2f extra_us=%.2f ratio=%.2f", serviceUs, bareUs, serviceUs - bareUs, bareUs / serviceUs))
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("service-bench: error: \(error)\n".utf8))
    exit(2)
}
