#if Vapor && TokenService
import HTTPTypes
@_exported public import IdentityBridgeService
public import Logging
public import Tracing
public import Vapor

/// The token service's routes over a live `ServiceState`: mount them in any Vapor 4 app.
///
/// ```swift
/// let service = TokenService(configPath: "identity.yaml", loader: ConfigurationLoader(registry: StandardProviders.registry))
/// try await service.start()
/// let app = try await Application.make()
/// let routes = IdentityBridgeVaporRoutes(state: service.state, metrics: service.metrics)
/// app.middleware.use(routes.middleware)  // the uniform 404 and the 405 with Allow
/// try app.register(collection: routes)
/// try await app.execute()
/// ```
///
/// The routes are the same seven as ``IdentityBridgeRoutes``'s, answered in the same request frame by the same
/// handlers: the same statuses, headers and bodies byte for byte (bar `Date`), and the same metrics, log line and
/// spans. Each route answers by itself; ``middleware`` answers the requests no route matches.
public struct IdentityBridgeVaporRoutes: Vapor.RouteCollection, Sendable {
    /// The handlers and the request frame, as the Hummingbird routes hold them.
    let frame: ServiceFrame
    /// The live configuration.
    public var state: ServiceState { frame.handlers.state }
    /// Request metrics and `/metrics`; `nil` serves no `/metrics`.
    public var metrics: ServiceMetrics? { frame.handlers.metrics }
    /// Where request lines and refusals are logged.
    public var logger: Logger { frame.handlers.logger }

    /// Creates the routes; `tracer` records a server span per request, with children for signing, session tokens
    /// and key fetches (`nil`: no span).
    public init(
        state: ServiceState, metrics: ServiceMetrics? = nil, logger: Logger = Logger(label: "IdentityBridge.service"),
        tracer: (any Tracer)? = nil
    ) {
        frame = ServiceFrame(state: state, metrics: metrics, logger: logger, tracer: tracer)
    }

    /// The app middleware (`app.middleware.use(routes.middleware)`) that answers the requests no route
    /// of the app matches: 405 with `Allow` for a method a service path does not serve (counted under
    /// that route), the uniform 404 for any other path (counted as `unmatched`). Requests a route
    /// matched pass through untouched.
    public var middleware: IdentityBridgeVaporMiddleware { IdentityBridgeVaporMiddleware(instrumentation: frame.instrumentation) }

    /// Registers every route of the service's route table on `routes`, each reading its body as a stream (the app's
    /// `body_limit` applies, not Vapor's `defaultMaxBodySize`).
    public func boot(routes: any Vapor.RoutesBuilder) throws {
        for route in ServiceRoute.allCases {
            let path: [PathComponent] = route.path.split(separator: "/").map { segment in
                segment.hasPrefix("{") ? .parameter(String(segment.dropFirst().dropLast())) : .constant(String(segment))
            }
            // Vapor hands HEAD to a GET route too: the frame refuses it as any other method the route does not serve.
            routes.on(HTTPMethod(rawValue: route.method.rawValue), path, body: .stream) { [frame] request async -> Vapor.Response in
                Vapor.Response(await frame.answer(route, ServiceFrameInput(VaporFrameRequest(request: request))))
            }
        }
    }
}

#endif
