import Foundation
import Hummingbird
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeStandard
import IdentityBridgeVapor
import InMemoryTracing
import Logging
import NIOCore
import ServiceLifecycle
import Testing
import Vapor

/// The token service's contract, once, against every front end: each request goes to the Hummingbird
/// routes (as `identity-server` mounts them: the collection, then `ServiceMiddleware`) and to the Vapor
/// routes (`IdentityBridgeVaporRoutes` and its middleware), each over its own live loopback server and
/// its own snapshot of the same configuration at the same fixed instant. The answers must be the same:
/// status line, headers (bar `Date` and the hop-by-hop `Connection`) and body bytes; then the request counters of `/metrics` must be too.
/// Traced, each front end with its own tracer, the spans must be too (name, kind, status, attributes, trace).
@Suite struct ContractTests {
    static let apiKey = "dev-only-demo-api-key-0123456789abcdef"
    static let base = "/v1/apps/demo/providers"

    /// The contract's requests: every route, its success and each failure the handlers or the router answer.
    static let requests: [(name: String, bytes: [UInt8])] = {
        let auth = ("Authorization", "Bearer \(apiKey)")
        let json = ("Content-Type", "application/json")
        let user = #"{"user_id":"u-1","email":"ada@example.com","name":"Ada"}"#
        return [
            ("healthz", request("GET", "/healthz")),
            ("readyz", request("GET", "/readyz")),
            ("HEAD on a GET route", request("HEAD", "/healthz")),
            ("POST on a GET route", request("POST", "/healthz", [json], "{}")),
            ("unknown path", request("GET", "/nope")),
            ("unknown path under /v1", request("POST", "/v1/apps/demo/providers/helpshift/nothing", [auth, json], "{}")),
            ("helpshift credential", request("POST", "\(base)/helpshift/credentials", [auth, json], user)),
            ("zendesk-chat credential", request("POST", "\(base)/zendesk-chat/credentials", [auth, json], user)),
            ("zendesk-messaging credential", request("POST", "\(base)/zendesk-messaging/credentials", [auth, json], user)),
            ("no Authorization", request("POST", "\(base)/helpshift/credentials", [json], user)),
            ("not Bearer", request("POST", "\(base)/helpshift/credentials", [("Authorization", "Basic abc"), json], user)),
            ("wrong API key", request("POST", "\(base)/helpshift/credentials", [("Authorization", "Bearer nope"), json], user)),
            ("unknown app", request("POST", "/v1/apps/nope/providers/helpshift/credentials", [auth, json], user)),
            ("unknown provider", request("POST", "\(base)/nope/credentials", [auth, json], user)),
            ("text body", request("POST", "\(base)/helpshift/credentials", [auth, ("Content-Type", "text/plain")], user)),
            (
                "JSON with parameters",
                request("POST", "\(base)/helpshift/credentials", [auth, ("Content-Type", "application/json; charset=utf-8")], user)
            ),
            ("malformed JSON", request("POST", "\(base)/helpshift/credentials", [auth, json], "{\"user_id\":")),
            ("not an object", request("POST", "\(base)/helpshift/credentials", [auth, json], "[1]")),
            ("not UTF-8", request("POST", "\(base)/helpshift/credentials", [auth, json], bytes: [0x7B, 0xFF, 0x7D])),
            ("user_id a number", request("POST", "\(base)/helpshift/credentials", [auth, json], #"{"user_id":5}"#)),
            ("no user", request("POST", "\(base)/helpshift/credentials", [auth, json], "{}")),
            ("body over the limit", request("POST", "\(base)/helpshift/credentials", [auth, json], String(repeating: " ", count: 70_000))),
            (
                "body at the limit",
                request(
                    "POST", "\(base)/helpshift/credentials", [auth, json], user + String(repeating: " ", count: 65_536 - user.utf8.count))
            ),
            ("GET on a POST route", request("GET", "\(base)/helpshift/credentials", [auth])),
            ("PROPFIND on a POST route", request("PROPFIND", "\(base)/helpshift/verify", [auth])),
            ("verify garbage", request("POST", "\(base)/helpshift/verify", [auth, json], #"{"token":"abc"}"#)),
            ("verify no token", request("POST", "\(base)/zendesk-chat/verify", [auth, json], "{}")),
            ("verify without a key", request("POST", "\(base)/zendesk-chat/verify", [json], #"{"token":"abc"}"#)),
            (
                "jwt exchange, unknown user token",
                request("POST", "\(base)/zendesk-support/jwt", [("Content-Type", "application/x-www-form-urlencoded")], "user_token=abc")
            ),
            (
                "jwt on a kind that exchanges nothing",
                request("POST", "\(base)/helpshift/jwt", [("Content-Type", "application/x-www-form-urlencoded")], "user_token=abc")
            ),
            (
                "events",
                request(
                    "POST", "\(base)/zendesk-messaging/events", [auth, ("Content-Type", "application/x-ndjson")],
                    "{\"name\":\"userLoggedIn\",\"data\":{}}\nnot json\n")
            ),
            (
                "events on a kind without events",
                request("POST", "\(base)/zendesk-support/events", [auth, ("Content-Type", "application/x-ndjson")], "{}\n")
            ),
            ("chunked body", chunked("\(base)/helpshift/credentials", [auth, json], user)),
        ]
    }()

    @Test(.serialized, arguments: [false, true]) func everyFrontEndAnswersTheSameBytesAndCountsTheSame(traced: Bool) async throws {
        let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: Self.configPath)
        let instant = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))
        func snapshot(_ metrics: ServiceMetrics) async throws -> ServiceSnapshot {
            try await ServiceSnapshot(configuration: configuration, context: IssuerContext(clock: instant, metrics: metrics.factory))
        }
        var logger = Logger(label: "contract")
        logger.logLevel = .warning
        let (hummingbirdTracer, vaporTracer) = traced ? (InMemoryTracer(), InMemoryTracer()) : (nil, nil)

        // Hummingbird: the router identity-server serves.
        let hummingbirdMetrics = ServiceMetrics()
        let hummingbirdState = ServiceState(try await snapshot(hummingbirdMetrics))
        let router = Router(context: BasicRequestContext.self)
        router.addRoutes(
            IdentityBridgeRoutes(state: hummingbirdState, metrics: hummingbirdMetrics, logger: logger, tracer: hummingbirdTracer)
                .collection())
        router.add(
            middleware: ServiceMiddleware<BasicRequestContext>(metrics: hummingbirdMetrics, logger: logger, tracer: hummingbirdTracer))
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let hummingbird = Hummingbird.Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)

        // Vapor: the README's mount.
        let vaporMetrics = ServiceMetrics()
        let vaporState = ServiceState(try await snapshot(vaporMetrics))
        let vapor = try await Vapor.Application.make(.testing)
        vapor.logger.logLevel = .warning
        vapor.http.server.configuration.hostname = "127.0.0.1"
        vapor.http.server.configuration.port = 0
        let routes = IdentityBridgeVaporRoutes(state: vaporState, metrics: vaporMetrics, logger: logger, tracer: vaporTracer)
        vapor.middleware.use(routes.middleware)
        try vapor.register(collection: routes)
        try vapor.server.start()

        let services = ServiceGroup(services: [hummingbird], gracefulShutdownSignals: [], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            defer { Task { await services.triggerGracefulShutdown() } }
            var ports = portStream.makeAsyncIterator()
            let hummingbirdPort = try #require(await ports.next())
            let vaporPort = try #require(vapor.http.server.shared.localAddress?.port)

            for (name, untraced) in Self.requests {
                let bytes = traced ? Self.continuingTrace(name, untraced) : untraced
                let expected = RawAnswer(try RawHTTP.exchange(port: hummingbirdPort, bytes))
                let answer = RawAnswer(try RawHTTP.exchange(port: vaporPort, bytes))
                #expect(answer == expected, "\(name): Vapor answered\n\(answer)\n\nHummingbird answered\n\(expected)")
            }
            if let hummingbirdTracer, let vaporTracer {
                let expected = Self.spans(hummingbirdTracer)
                #expect(expected.count > Self.requests.count, "\(expected)")
                #expect(Self.spans(vaporTracer) == expected)
            }
            let scrape = Self.request("GET", "/metrics")
            let hummingbirdCounters = Self.requestCounters(RawAnswer(try RawHTTP.exchange(port: hummingbirdPort, scrape)))
            let vaporCounters = Self.requestCounters(RawAnswer(try RawHTTP.exchange(port: vaporPort, scrape)))
            #expect(hummingbirdCounters.count >= 10, "\(hummingbirdCounters)")
            #expect(vaporCounters == hummingbirdCounters)
        }
        await vapor.server.shutdown()
        try await vapor.asyncShutdown()
    }

    /// The configuration the suite serves: the repository's example (development-only defaults).
    static var configPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../config.example.yaml")
            .standardizedFileURL.path
    }

    /// The request counters of a `/metrics` exposition (the duration histograms' timings differ run to run).
    static func requestCounters(_ answer: RawAnswer) -> [String] {
        String(decoding: answer.body, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("identitybridge_http_requests_total") }.sorted()
    }

    static func request(_ method: String, _ path: String, _ headers: [(String, String)] = [], _ body: String = "") -> [UInt8] {
        request(method, path, headers, bytes: Array(body.utf8))
    }

    static func request(_ method: String, _ path: String, _ headers: [(String, String)] = [], bytes body: [UInt8]) -> [UInt8] {
        // A request id of the caller's: both front ends must echo it as it is.
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: contract-\(method.lowercased())\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// `request` as a caller in trace `trace-<name>` sends it (`InMemoryTracer`'s propagation headers).
    static func continuingTrace(_ name: String, _ request: [UInt8]) -> [UInt8] {
        let endOfLine = request.firstIndex(of: UInt8(ascii: "\n"))! + 1
        let headers = "in-memory-trace-id: trace-\(name.replacingOccurrences(of: " ", with: "-"))\r\nin-memory-span-id: caller\r\n"
        return Array(request[..<endOfLine]) + Array(headers.utf8) + Array(request[endOfLine...])
    }

    /// The finished spans, each as its trace, kind, name, status and attributes (span ids are random).
    static func spans(_ tracer: InMemoryTracer) -> [String] {
        tracer.finishedSpans.map { span in
            var attributes: [String] = []
            // swift-format-ignore: ReplaceForEachWithForLoop
            span.attributes.forEach { key, value in attributes.append("\(key)=\(value)") }  // SpanAttributes is no Sequence
            return "\(span.traceID) \(span.kind) \(span.operationName) \(span.status.map { "\($0.code)" } ?? "-") \(attributes.sorted())"
        }
    }

    /// A POST whose body comes in two chunks (`Transfer-Encoding: chunked`, no `Content-Length`).
    static func chunked(_ path: String, _ headers: [(String, String)], _ body: String) -> [UInt8] {
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: contract-chunked\r\nTransfer-Encoding: chunked\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array(body.utf8)
        let half = bytes.count / 2
        let chunks = [Array(bytes[..<half]), Array(bytes[half...])]
        var out = Array((head + "\r\n").utf8)
        for chunk in chunks { out += Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8) }
        return out + Array("0\r\n\r\n".utf8)
    }
}
