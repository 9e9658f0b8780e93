#if TokenService
package import Logging
package import Tracing

/// The one request frame of every front end: ``ServiceHandlers`` answering a route inside
/// ``ServiceInstrumentation``'s frame (the request's record, the route's method checked, uniform errors,
/// `X-Request-Id` echoed, a server span when tracing, metrics and log line). `IdentityBridgeRoutes` and
/// `IdentityBridgeVaporRoutes` hold the same value; each front end only turns its request into a
/// ``ServiceFrameRequest`` and the answer into its response, and registers the routes.
package struct ServiceFrame: Sendable {
    /// The handlers behind every route.
    package let handlers: ServiceHandlers
    /// The frame around each request: record, uniform errors, span, metrics, log line.
    package let instrumentation: ServiceInstrumentation

    /// The frame of a service over `state`; `tracer` records a server span per request (`nil`: none).
    package init(state: ServiceState, metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)?) {
        handlers = ServiceHandlers(state: state, metrics: metrics, logger: logger, tracer: tracer)
        instrumentation = ServiceInstrumentation(metrics: metrics, logger: logger, tracer: tracer)
    }

    /// `route`'s answer to `request`, in the frame (a method `route` does not serve, such as the HEAD Vapor hands
    /// a GET route: 405 with `Allow`, as the router's own refusal), counted and logged under `route`. The front end
    /// turns the answer into its response.
    package func answer(_ route: ServiceRoute, _ request: ServiceFrameInput) async -> ServiceAnswer {
        await instrumentation.answer(request, route: route, bindsRecord: false) { record throws(ServiceFailure) in
            let serviceRequest = ServiceRequest(app: request.app, provider: request.provider, record: record, body: request.body)
            return try await handlers.respond(route, serviceRequest)
        }
    }
}
#endif
