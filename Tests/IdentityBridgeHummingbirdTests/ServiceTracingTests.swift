import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import InMemoryLogging
import InMemoryTracing
import Logging
import Testing
import Tracing

/// Issue 49: a server span per request that continues the caller's trace, children for the signing and a session
/// token's verification, the served app, provider and uniform code as attributes, never a token, key, secret or
/// user value; `X-Request-Id` taken from the caller (or made) and echoed; the request log line's new fields.
@Suite struct ServiceTracingTests {
    static let requestIDField = HTTPFields.Element.Name("X-Request-Id")!

    /// The caller's context as `InMemoryTracer`'s propagation carries it, and a request id.
    static func headers(trace: String, parent: String, requestID: String? = nil) -> HTTPFields {
        var fields = HTTPFields()
        fields[HTTPFields.Element.Name(InMemoryTracer.traceIDKey)!] = trace
        fields[HTTPFields.Element.Name(InMemoryTracer.spanIDKey)!] = parent
        if let requestID { fields[requestIDField] = requestID }
        return fields
    }

    /// A started service over `fixture` with an in-memory tracer, logging its `info` lines to `capture`.
    static func tracedService(_ fixture: ServiceFixture) async throws -> (TokenService, InMemoryTracer, InMemoryLogHandler) {
        let tracer = InMemoryTracer()
        let (service, capture) = try await fixture.capturingService(level: .info, tracer: tracer)
        return (service, tracer, capture)
    }

    @Test func eachRequestIsAServerSpanContinuingTheCallersTraceWithItsChildren() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let (service, tracer, capture) = try await Self.tracedService(fixture)
        let session = try await fixture.sessionToken()
        let expired = try await fixture.sessionToken(expiresIn: -3600)
        try await Application(router: service.makeRouter()).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let issued = try await client.post(
                "\(ServiceRouteTests.chat)/credentials", body: "", contentType: nil, bearer: session,
                headers: Self.headers(trace: "trace-1", parent: "caller-1", requestID: "login-1"))
            #expect(issued.status == 200, "\(issued.text)")
            #expect(issued.headers[Self.requestIDField] == "login-1")
            let refused = try await client.post(
                "\(ServiceRouteTests.chat)/credentials", body: "", contentType: nil, bearer: expired,
                headers: Self.headers(trace: "trace-2", parent: "caller-2", requestID: "bad id with spaces"))
            #expect(refused.status == 401)
            // An id the log line could not carry as it is is replaced, and the replacement echoed.
            let madeID = try #require(refused.headers[Self.requestIDField])
            #expect(madeID != "bad id with spaces" && !madeID.isEmpty)
            let byKey = try await client.post(
                "\(ServiceRouteTests.chat)/credentials", body: ServiceRouteTests.user,
                headers: Self.headers(trace: "trace-3", parent: "caller-3"))
            #expect(byKey.status == 200)
            #expect(try await client.get("/nowhere").status == 404)
        }
        let spans = tracer.finishedSpans
        let servers = spans.filter { $0.kind == .server }
        #expect(servers.count == 4, "\(spans.map(\.operationName))")
        for (trace, parent) in [("trace-1", "caller-1"), ("trace-2", "caller-2"), ("trace-3", "caller-3")] {
            let server = try #require(servers.first { $0.traceID == trace }, "no server span in \(trace)")
            #expect(server.parentSpanID == parent)
            #expect(server.operationName == "POST /v1/apps/{app}/providers/{provider}/credentials")
            #expect(server.attributes["http.route"]?.toSpanAttribute() == .string("/v1/apps/{app}/providers/{provider}/credentials"))
            #expect(server.attributes["identitybridge.app"]?.toSpanAttribute() == .string("demo"))
            let children = spans.filter { $0.parentSpanID == server.spanID }
            switch trace {
            case "trace-1":
                #expect(server.attributes["identitybridge.provider"]?.toSpanAttribute() == .string("chat"))
                #expect(server.attributes["identitybridge.provider.kind"]?.toSpanAttribute() == .string("zendesk-chat"))
                #expect(server.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
                #expect(server.attributes["identitybridge.request_id"]?.toSpanAttribute() == .string("login-1"))
                #expect(Set(children.map(\.operationName)) == ["identitybridge.session_token.verify", "identitybridge.credential.issue"])
            case "trace-2":
                #expect(server.attributes["identitybridge.error.code"]?.toSpanAttribute() == .string("token_invalid"))
                // Refused before the provider's handler ran, yet under the provider its path names (issue 59).
                #expect(server.attributes["identitybridge.provider"]?.toSpanAttribute() == .string("chat"))
                let verify = try #require(children.first { $0.operationName == "identitybridge.session_token.verify" })
                // The child says why (the verifier's own code); the answer says token_invalid.
                #expect(verify.attributes["identitybridge.error.code"]?.toSpanAttribute() == .string("token_expired"))
                #expect(verify.status?.code == .error)
                #expect(!children.contains { $0.operationName == "identitybridge.credential.issue" })
            default:
                #expect(children.map(\.operationName) == ["identitybridge.credential.issue"])
            }
        }
        let unmatched = try #require(servers.first { $0.operationName == "GET unmatched" })
        #expect(unmatched.attributes["identitybridge.error.code"]?.toSpanAttribute() == .string("not_found"))
        #expect(unmatched.attributes["identitybridge.app"] == nil)
        // No attribute of any span holds a token, a key, a secret or a user value.
        let forbidden =
            Array(ServiceFixture.variables.values) + [
                session, expired, ServiceFixture.apiKey, "ann@example.com", "Ann Example", "u-42", "u-1",
            ]
        for span in spans {
            var texts: [String] = [span.operationName]
            // swift-format-ignore: ReplaceForEachWithForLoop
            // (SpanAttributes is no Sequence: forEach is its own method.)
            span.attributes.forEach { key, attribute in texts.append("\(key)=\(attribute)") }
            for text in texts {
                for value in forbidden {
                    #expect(!text.contains(value), "\(span.operationName): \(text.prefix(40)) holds a secret or user value")
                }
            }
        }
        // The log line of the first request: its app, provider, kind, request id and trace id.
        let lines = ServiceLoggingTests.lines(capture).filter { $0.hasPrefix("info request ") }
        let first = try #require(lines.first { $0.contains("request_id=login-1") }, "\(lines)")
        for field in ["app=demo", "provider=chat", "kind=zendesk-chat", "status=200"] { #expect(first.contains(field), "\(first)") }
        let second = try #require(lines.first { $0.contains("code=token_invalid") }, "\(lines)")
        #expect(second.contains("app=demo") && second.contains("provider=chat") && !second.contains("bad id"), "\(second)")
    }

    @Test func withoutATracerTheCallersTraceparentIsLoggedAndNoSpanIsMade() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let (service, capture) = try await fixture.capturingService(level: .info)
        try await Application(router: service.makeRouter()).test(.router) { raw in
            let client = ServiceClient(client: raw)
            var headers = HTTPFields()
            headers[HTTPFields.Element.Name("traceparent")!] = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
            let answer = try await client.post("\(ServiceRouteTests.chat)/credentials", body: ServiceRouteTests.user, headers: headers)
            #expect(answer.status == 200)
            #expect(answer.headers[Self.requestIDField]?.isEmpty == false)
        }
        let line = try #require(ServiceLoggingTests.lines(capture).first { $0.hasPrefix("info request ") })
        #expect(line.contains("trace_id=4bf92f3577b34da6a3ce929d0e0e4736"), "\(line)")
    }

    @Test(
        arguments: [
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "4bf92f3577b34da6a3ce929d0e0e4736"),
            ("00-00000000000000000000000000000000-00f067aa0ba902b7-01", nil),
            ("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", nil),
            ("00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01", nil),
            ("garbage", nil),
        ] as [(String, String?)])
    func traceIDsAreTakenOnlyFromAWellFormedTraceparent(header: String, traceID: String?) {
        #expect(ServiceRequestRecord.traceID(ofTraceparent: header).map(String.init) == traceID)
    }

    @Test(arguments: [
        ("login-1", true), ("a.b_c:d-E9", true), (String(repeating: "x", count: 128), true), (String(repeating: "x", count: 129), false),
        ("", false), ("with space", false), ("new\nline", false), ("quote\"", false), ("é", false),
    ])
    func requestIDsAreTakenOnlyWhenALogLineCanCarryThem(id: String, usable: Bool) {
        #expect(ServiceRequestRecord.isUsableRequestID(id) == usable)
    }

    @Test func theMetricsListenerServesOnlyItsRoutesAndTheMainOneNoMetrics() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let service = try await fixture.service()
        try await Application(router: service.makeRouter(routes: TokenService.metricsListenerRoutes)).test(.router) { raw in
            let client = ServiceClient(client: raw)
            #expect(try await client.get("/metrics").status == 200)
            #expect(try await client.get("/readyz").status == 200)
            // A service route's path is not this listener's: 404 to any method, never 405 with Allow: POST.
            let get = try await client.get("\(ServiceRouteTests.chat)/credentials")
            #expect(get.status == 404 && get.headers[.allow] == nil, "\(get.text)")
            #expect(try await client.post("\(ServiceRouteTests.chat)/credentials", body: ServiceRouteTests.user).status == 404)
        }
        let withoutMetrics = ServiceRoute.allCases.filter { $0 != .metrics }
        try await Application(router: service.makeRouter(routes: withoutMetrics)).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let get = try await client.get("/metrics")
            let post = try await client.post("/metrics", body: "")
            let credentials = try await client.post("\(ServiceRouteTests.chat)/credentials", body: ServiceRouteTests.user)
            #expect(get.status == 404 && post.status == 404 && credentials.status == 200)
        }
    }

    @Test func aRefusedTokenExchangeCarriesItsCodeOnTheSpanAndTheLogLine() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let (service, tracer, capture) = try await Self.tracedService(fixture)
        try await Application(router: service.makeRouter()).test(.router) { raw in
            let answer = try await ServiceClient(client: raw).post(
                "\(ServiceRouteTests.support)/jwt", body: "user_token=not-a-token", contentType: "application/x-www-form-urlencoded",
                bearer: nil)
            #expect(answer.status == 401, "\(answer.text)")
        }
        let spans = tracer.finishedSpans
        let server = try #require(spans.first { $0.kind == .server })
        let code = server.attributes["identitybridge.error.code"]?.toSpanAttribute()
        #expect(code != nil)
        let exchange = try #require(spans.first { $0.operationName == "identitybridge.token.exchange" })
        #expect(exchange.attributes["identitybridge.error.code"]?.toSpanAttribute() == code)
        let line = try #require(ServiceLoggingTests.lines(capture).first { $0.hasPrefix("info request ") })
        #expect(line.contains("code="), "\(line)")
    }

    /// A context of an app's own whose logger carries no Hummingbird request id (`context.id` would trap).
    struct BareContext: RequestContext {
        var coreContext: CoreRequestContextStorage

        init(source: ApplicationRequestContextSource) {
            coreContext = CoreRequestContextStorage(source: source)
            logger = Logger(label: "bare")
        }
    }

    @Test func aContextWithoutHummingbirdsRequestIDGetsAnIdOfTheServices() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let service = try await fixture.service()
        let router = Router(context: BareContext.self)
        router.addRoutes(IdentityBridgeRoutes(state: service.state, metrics: service.metrics).collection(context: BareContext.self))
        try await Application(router: router).test(.router) { raw in
            let answer = try await ServiceClient(client: raw).get("/healthz")
            #expect(answer.status == 200)
            let id = try #require(answer.headers[Self.requestIDField])
            #expect(id.utf8.count == 16 && ServiceRequestRecord.isUsableRequestID(id), "\(id)")
        }
    }
}
