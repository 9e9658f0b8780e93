import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import IdentityBridgeStandard
import InMemoryLogging
import Logging
import Testing

/// Request logs are structured (request id, route, status, duration) and never hold a secret, a
/// token or an email; the token service article's mounting example compiles and serves.
@Suite struct ServiceLoggingTests {
    /// Every line a handler kept: level, message and metadata.
    static func lines(_ handler: InMemoryLogHandler) -> [String] {
        handler.entries.map { entry in
            "\(entry.level) \(entry.message) "
                + entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    @Test func requestLinesAreStructuredAndHoldNoSecretTokenOrEmail() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let (service, capture) = try await fixture.capturingService(level: .trace)
        let session = try await fixture.sessionToken()
        let expired = try await fixture.sessionToken(expiresIn: -3600)
        let userToken = try await Application(router: service.makeRouter()).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let issued = try await client.post("/v1/apps/demo/providers/zendesk-support/credentials", body: ServiceRouteTests.user)
            let userToken = try #require(issued.json["credential"]?["user_token"]?.stringValue)
            _ = try await client.post("/v1/apps/demo/providers/chat/credentials", body: "", contentType: nil, bearer: session)
            _ = try await client.post("/v1/apps/demo/providers/chat/credentials", body: "", contentType: nil, bearer: expired)
            _ = try await client.post("/v1/apps/demo/providers/chat/credentials", body: ServiceRouteTests.user, bearer: "wrong-key")
            _ = try await client.post(
                "/v1/apps/demo/providers/zendesk-support/jwt", body: "user_token=\(userToken)",
                contentType: "application/x-www-form-urlencoded",
                bearer: nil)
            return userToken
        }
        let tokens = [session, expired, userToken]
        let lines = Self.lines(capture)
        let requests = lines.filter { $0.hasPrefix("info request ") }
        #expect(requests.count == 5)
        for line in requests {
            for key in ["request_id=", "route=/v1/apps/{app}/providers/{provider}/", "status=", "duration_ms=", "method=POST"] {
                #expect(line.contains(key), "\(line)")
            }
        }
        let forbidden = Array(ServiceFixture.variables.values) + tokens + ["ann@example.com", "wrong-key"]
        for line in lines {
            for value in forbidden { #expect(!line.contains(value), "a log line holds a secret, token or email: \(line.prefix(80))") }
        }
    }

    /// `POST .../zendesk-chat/credentials` of config.example.yaml's app, under `prefix`, with its development API key.
    static func postChatCredentials(_ client: ServiceClient, under prefix: String = "") async throws -> ServiceClient.Answer {
        try await client.post(
            "\(prefix)/v1/apps/demo/providers/zendesk-chat/credentials", body: ServiceRouteTests.user,
            bearer: "dev-only-demo-api-key-0123456789abcdef")
    }

    /// `IdentityBridgeService.docc/TokenServiceGuide.md` "Mount the routes in an existing Hummingbird app" (verbatim but the path).
    static func readmeMounting(path: String, router: Router<BasicRequestContext>) async throws {
        let metrics = ServiceMetrics()
        let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: path)
        let state = ServiceState(try await ServiceSnapshot(configuration: configuration, context: IssuerContext(metrics: metrics.factory)))
        router.addRoutes(IdentityBridgeRoutes(state: state, metrics: metrics).collection())
    }

    @Test func readmeMountingExampleServesTheRoutes() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let router = Router()
        router.get("/own") { _, _ in "the app's own route" }
        try await Self.readmeMounting(path: root.appendingPathComponent("config.example.yaml").path, router: router)
        try await Application(router: router).test(.router) { raw in
            let client = ServiceClient(client: raw)
            #expect(try await client.get("/own").status == 200)
            let answer = try await Self.postChatCredentials(client)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(try await client.post("/v1/apps/demo/providers/zendesk-chat/credentials", body: "{}", bearer: "x").status == 401)
            #expect(try await client.get("/metrics").text.contains("identitybridge_http_requests_total"))
        }
    }

    /// The routes count themselves, or the middleware in front of them does: never both, never neither.
    @Test(arguments: [false, true]) func eachRequestIsCountedOnceWhereverTheMiddlewareIs(middlewareInFront: Bool) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let configuration = try ConfigurationLoader(registry: StandardProviders.registry)
            .load(path: root.appendingPathComponent("config.example.yaml").path)
        let metrics = ServiceMetrics()
        let state = ServiceState(try await ServiceSnapshot(configuration: configuration, context: IssuerContext(metrics: metrics.factory)))
        let routes = IdentityBridgeRoutes(state: state, metrics: metrics)
        let router = Router()
        if middlewareInFront {
            router.add(middleware: ServiceMiddleware<BasicRequestContext>(metrics: metrics, logger: routes.logger))
            router.addRoutes(routes.collection())
        } else {
            router.addRoutes(routes.collection())
            router.add(middleware: ServiceMiddleware<BasicRequestContext>(metrics: metrics, logger: routes.logger))
        }
        try await Application(router: router).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let issued = try await Self.postChatCredentials(client)
            #expect(issued.status == 200, "\(issued.text)")
            #expect(try await client.get("/healthz").status == 200)
            let missing = try await client.get("/nowhere")
            #expect(missing.status == 404)
            #expect(missing.json["error"]?["field"] == "path", "\(missing.text)")
            let text = try await client.get("/metrics").text
            for series in [
                #"identitybridge_http_requests_total{route="/v1/apps/{app}/providers/{provider}/credentials",status="200",app="demo",provider="zendesk-chat"} 1"#,
                #"identitybridge_http_requests_total{route="/healthz",status="200",app="",provider=""} 1"#,
                #"identitybridge_http_requests_total{route="unmatched",status="404",app="",provider=""} 1"#,
            ] {
                #expect(text.contains(series), "\(series) in \(text)")
            }
        }
    }

    @Test func routesMountedUnderAPrefixWithItsOwnParameterReadTheirOwn() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let configuration = try ConfigurationLoader(registry: StandardProviders.registry)
            .load(path: root.appendingPathComponent("config.example.yaml").path)
        let state = ServiceState(try await ServiceSnapshot(configuration: configuration, context: IssuerContext()))
        let router = Router()
        router.addRoutes(IdentityBridgeRoutes(state: state).collection(), atPath: "/tenants/:tenant")
        try await Application(router: router).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let answer = try await Self.postChatCredentials(client, under: "/tenants/t-1")
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json["app"] == "demo")
            #expect(answer.json["provider"] == "zendesk-chat")
            let unknown = try await client.post(
                "/tenants/t-1/v1/apps/demo/providers/nope/credentials", body: ServiceRouteTests.user,
                bearer: "dev-only-demo-api-key-0123456789abcdef")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("no provider \\\"nope\\\""), "\(unknown.text)")
            // Mounted without metrics, `/metrics` is the uniform 404 the route's error maps to.
            let metrics = try await client.get("/tenants/t-1/metrics")
            #expect(metrics.status == 404)
            #expect(metrics.json["error"]?["code"] == "not_found", "\(metrics.text)")
            #expect(metrics.json["error"]?["field"] == "path", "\(metrics.text)")
        }
    }
}
