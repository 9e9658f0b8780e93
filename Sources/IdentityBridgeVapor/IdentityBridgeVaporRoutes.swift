#if Vapor && TokenService
import Hummingbird
public import IdentityBridgeHummingbird
public import Logging
import NIOCore
public import Tracing
public import Vapor

/// The token service's routes over a live ``ServiceState``: mount them in any Vapor 4 app.
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
                Vapor.Response(await frame.answer(route, VaporFrameRequest(request: request), as: ServiceAnswer.self))
            }
        }
    }
}

/// The middleware of ``IdentityBridgeVaporRoutes/middleware``: the uniform answer to the requests no
/// route matched, in the routes' request frame.
public struct IdentityBridgeVaporMiddleware: AsyncMiddleware {
    let instrumentation: ServiceInstrumentation

    /// Answers a request no route matched; passes any other on.
    public func respond(to request: Vapor.Request, chainingTo next: any AsyncResponder) async throws -> Vapor.Response {
        // Vapor runs app middleware after routing: `route` is set for a matched request, `nil` for one no route matched.
        guard request.route == nil else { return try await next.respond(to: request) }
        return Vapor.Response(await instrumentation.answerUnrouted(VaporFrameRequest(request: request)))
    }
}

/// A Vapor request as the request frame reads it, and its streamed body as the handlers read it.
struct VaporFrameRequest: ServiceFrameRequest, ServiceRequestBody {
    let request: Vapor.Request

    var method: String { request.method.rawValue }
    var path: String { request.url.path }
    var body: Self { self }
    var fallbackRequestID: String { request.id }

    func header(_ name: String) -> String? {
        let values = request.headers[name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    func parameter(_ name: String) -> String? { request.parameters.get(name) }

    func collect(upTo limit: Int) async throws -> ByteBuffer {
        do {
            // Vapor refuses a body of `max` bytes or more: `limit + 1` lets one of exactly `limit` through.
            return try await request.body.collect(max: limit + 1).get() ?? ByteBuffer()
        } catch let abort as any AbortError where abort.status == .payloadTooLarge {
            throw NIOTooManyBytesError(maxBytes: limit)
        }
    }
}

extension Vapor.Response {
    /// Vapor's response carrying `answer` (its `X-Request-Id` echoed by the frame).
    convenience init(_ answer: ServiceAnswer) {
        let headers = HTTPHeaders(answer.headers.map { ($0.name.rawName, $0.value) })
        self.init(status: HTTPResponseStatus(statusCode: answer.status.code), headers: headers, body: .init(buffer: answer.body))
    }
}
#endif
