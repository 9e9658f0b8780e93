#if TokenService
public import Hummingbird
import IdentityBridge
public import Logging

/// The token service's routes over a live ``ServiceState``: mount them in any Hummingbird 2 app.
///
/// ```swift
/// let state = ServiceState(try await ServiceSnapshot(configuration: configuration, context: IssuerContext(metrics: metrics.factory)))
/// let routes = IdentityBridgeRoutes(state: state, metrics: metrics)
/// let router = Router()
/// router.addRoutes(routes.collection())
/// ```
///
/// No vendor appears here: every provider instance of a served app (an app with a `service:`
/// section) gets `credentials` and `verify`; `jwt` when its kind exchanges tokens
/// (`makeTokenExchanger`); `events` when its plugin maps vendor events (`VendorEventMapping`).
public struct IdentityBridgeRoutes: Sendable {
    /// The live configuration.
    public let state: ServiceState
    /// Request metrics and `/metrics`; `nil` serves no `/metrics`.
    public let metrics: ServiceMetrics?
    /// Where request lines and refusals are logged.
    public let logger: Logger

    /// Creates the routes.
    public init(state: ServiceState, metrics: ServiceMetrics? = nil, logger: Logger = Logger(label: "IdentityBridge.service")) {
        self.state = state
        self.metrics = metrics
        self.logger = logger
    }

    /// Every route the collection registers: method and path (OpenAPI syntax, `{app}`), in order.
    public static let routes: [(method: String, path: String)] = [
        ("POST", "/v1/apps/{app}/providers/{provider}/credentials"),
        ("POST", "/v1/apps/{app}/providers/{provider}/jwt"),
        ("POST", "/v1/apps/{app}/providers/{provider}/verify"),
        ("POST", "/v1/apps/{app}/providers/{provider}/events"),
        ("GET", "/healthz"),
        ("GET", "/readyz"),
        ("GET", "/metrics"),
    ]

    /// `/v1/apps/{app}/...` in Hummingbird's syntax, `/v1/apps/:app/...`.
    static func routerPath(_ path: String) -> String {
        path.replacingOccurrences(of: "{", with: ":").replacingOccurrences(of: "}", with: "")
    }

    /// The method of the route whose template `path` matches (`{name}` matching one non-empty
    /// segment), if one does: a request to it with another method answers 405 (``ServiceMiddleware``
    /// answers the methods no route registers, TRACE and unknown ones included).
    static func allowedMethod(path: some StringProtocol) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (method, template) in routeSegments where template.count == segments.count {
            if zip(template, segments).allSatisfy({ $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }) { return method }
        }
        return nil
    }

    /// Each route's method and template segments, split once.
    private static let routeSegments = routes.map { ($0.method, $0.path.split(separator: "/", omittingEmptySubsequences: false)) }

    /// The methods a route path answers 405 to (every common method but its own).
    static let otherMethods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .head, .options]

    /// The route collection. Its routes answer uniform errors, log and count by themselves, as
    /// ``ServiceMiddleware`` does, wherever the collection is mounted; with a ``ServiceMiddleware``
    /// in front of them, the middleware does it instead: a request is answered, logged and counted
    /// once, by the outermost.
    public func collection<Context: RequestContext>(context: Context.Type = BasicRequestContext.self) -> RouteCollection<Context> {
        let collection = RouteCollection(context: Context.self)
        let instrumentation = ServiceInstrumentation(metrics: metrics, logger: logger)
        let handlers = ServiceHandlers(state: state, logger: logger)
        let metrics = self.metrics
        /// Registers a route whose answer (or thrown error, mapped) is logged and counted.
        func on(
            _ path: RouterPath, _ method: HTTPRequest.Method, _ respond: @escaping @Sendable (Request, Context) async throws -> Response
        ) {
            collection.on(path, method: method) { request, context in try await instrumentation.answer(request, context, respond) }
        }
        for (method, path) in Self.routes {
            let routerPath = RouterPath(Self.routerPath(path))
            let allowed = HTTPRequest.Method(method)!
            switch path.split(separator: "/").last {
            case "healthz": on(routerPath, allowed) { _, _ in .json(200, ["status": "alive"]) }
            case "readyz": on(routerPath, allowed) { _, _ in handlers.ready() }
            case "metrics":
                on(routerPath, allowed) { _, _ in
                    guard let metrics else { throw HTTPError(.notFound) }
                    return Response(
                        status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
                }
            case let name:
                // The operation is decided here, once: a request dispatches on no string. The route
                // maps, logs and counts in its own frame (hand-tuned, figure at ServiceInstrumentation).
                let operation = ServiceHandlers.Operation(rawValue: String(name ?? "")) ?? .events
                collection.on(routerPath, method: allowed) { request, context -> Response in
                    if ServiceInstrumentation.isAnswering { return try await handlers.handle(operation, request, context.parameters) }
                    let start = ContinuousClock.now
                    let response: Response
                    do throws(ServiceFailure) {
                        response = try await handlers.handle(operation, request, context.parameters)
                    } catch {
                        response = .failure(error)
                    }
                    instrumentation.finish(response, since: start, request: request, context: context)
                    return response
                }
            }
            for other in Self.otherMethods where other != allowed {
                on(routerPath, other) { request, _ in .methodNotAllowed(request.method, allowed: method) }
            }
        }
        return collection
    }
}
#endif
