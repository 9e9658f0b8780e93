#if TokenService
public import Hummingbird
import IdentityBridge
public import IdentityBridgeService
public import Logging
public import Tracing

/// The token service's middleware: it turns anything a handler or the router throws into the
/// uniform error body (unknown path 404, a method a known path does not serve 405 with `Allow`,
/// body too large 413, anything else 503 with no detail: never
/// a 500 and never a leaked value), then writes one structured log line per request (request id,
/// method, route template, status, duration; never a path value, header, body or token) and counts
/// the request in `ServiceMetrics`.
///
/// The routes of ``IdentityBridgeRoutes`` do all of this themselves. Add the middleware to a router
/// after them, as `TokenService/makeRouter()` does: the paths no route matches get the uniform 404
/// (counted as `unmatched`), and the methods a service path does not serve get 405 with `Allow`
/// (counted under that route). Hummingbird applies a router's middleware to the routes added after
/// it and to the requests no route matches. Wherever it is added, in front of the routes or after them, a
/// request is answered, logged and counted once, by the outermost: the routes and any
/// ``ServiceMiddleware`` inside it only pass the request on.
public struct ServiceMiddleware<Context: RequestContext>: RouterMiddleware {
    let instrumentation: ServiceInstrumentation

    /// Creates the middleware; `tracer` records a server span per request it answers (`nil`: none).
    public init(metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)? = nil) {
        instrumentation = ServiceInstrumentation(metrics: metrics, logger: logger, tracer: tracer)
    }

    /// The middleware of a router that serves only `routes`: another route's path is 404, not 405.
    package init(metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)?, served routes: [ServiceRoute]) {
        instrumentation = ServiceInstrumentation(metrics: metrics, logger: logger, tracer: tracer, served: routes)
    }

    /// Runs the request, maps errors, logs and counts.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The outermost answers, logs and counts; the routes and middleware inside it only run.
        await instrumentation.answer(HummingbirdFrameRequest(request: request, context: context), route: nil, bindsRecord: true) { _ in
            do {
                return try await next(request, context)
            } catch let error as HTTPError {
                throw Self.neutral(error)
            }
        }
    }

    /// Hummingbird's own refusals as the request frame reads them: the router's 404 (no route matched) as
    /// `UnmatchedRoute`, a body too large as 413, a malformed request as 400; any other as it is (503).
    static func neutral(_ error: HTTPError) -> any Error {
        switch error.status {
        case .notFound: UnmatchedRoute()
        case .contentTooLarge: ServiceFailure.bodyTooLarge
        case .badRequest: ServiceFailure.malformedRequest
        default: error
        }
    }
}
#endif
