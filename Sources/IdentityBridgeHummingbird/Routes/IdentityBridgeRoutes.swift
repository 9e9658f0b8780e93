#if TokenService
public import Hummingbird
import IdentityBridge
public import Logging
public import Tracing

/// The token service's routes over a live `ServiceState`: mount them in any Hummingbird 2 app.
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
    /// The tracer of the requests' spans (a server span each, children for signing, session tokens and key
    /// fetches); `nil`: no span.
    public let tracer: (any Tracer)?
    /// The routes registered (every route of the service by default).
    let served: [ServiceRoute]

    /// Creates the routes.
    public init(
        state: ServiceState, metrics: ServiceMetrics? = nil, logger: Logger = Logger(label: "IdentityBridge.service"),
        tracer: (any Tracer)? = nil
    ) {
        self.init(state: state, metrics: metrics, logger: logger, tracer: tracer, routes: ServiceRoute.allCases)
    }

    /// Routes registering only `routes` (a listener of its own for `/metrics` and the health routes, say).
    package init(state: ServiceState, metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)?, routes: [ServiceRoute]) {
        self.state = state
        self.metrics = metrics
        self.logger = logger
        self.tracer = tracer
        self.served = routes
    }

    /// Every route the collection registers: method and path (OpenAPI syntax, `{app}`), in order.
    public static let routes: [(method: String, path: String)] = ServiceRoute.allCases.map { ($0.method.rawValue, $0.path) }

    /// The route collection: every route of ``routes``, each answering uniform errors, logging and counting by
    /// itself wherever the collection is mounted. With a ``ServiceMiddleware`` in front of them, the
    /// middleware does it instead: a request is answered, logged and counted once, by the outermost.
    /// A method a route does not serve reaches the router's not-found answer, which a
    /// ``ServiceMiddleware`` on the router turns into 405 with `Allow` (as `TokenService/makeRouter()` does).
    public func collection<Context: RequestContext>(context: Context.Type = BasicRequestContext.self) -> RouteCollection<Context> {
        let collection = RouteCollection(context: Context.self)
        let frame = ServiceFrame(state: state, metrics: metrics, logger: logger, tracer: tracer)
        for route in served {
            collection.on(RouterPath(route.path), method: route.method) { request, context in
                Response(await frame.answer(route, ServiceFrameInput(HummingbirdFrameRequest(request: request, context: context))))
            }
        }
        return collection
    }
}
#endif
