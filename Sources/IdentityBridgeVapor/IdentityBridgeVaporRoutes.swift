#if Vapor && TokenService
import Hummingbird
import IdentityBridge
public import IdentityBridgeHummingbird
import NIOCore
public import Logging
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
/// The routes are the same seven as ``IdentityBridgeRoutes``'s, answered by the same handlers: the
/// same statuses, headers and bodies byte for byte (bar `Date`), and the same metrics and log line. Each
/// route answers uniform errors, logs and counts by itself; ``middleware`` does the same for the
/// requests no route matches.
public struct IdentityBridgeVaporRoutes: Vapor.RouteCollection, Sendable {
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

    /// The app middleware (`app.middleware.use(routes.middleware)`) that answers the requests no route
    /// of the app matches: 405 with `Allow` for a method a service path does not serve (counted under
    /// that route), the uniform 404 for any other path (counted as `unmatched`). Requests a route
    /// matched pass through untouched.
    public var middleware: IdentityBridgeVaporMiddleware {
        IdentityBridgeVaporMiddleware(instrumentation: ServiceInstrumentation(metrics: metrics, logger: logger))
    }

    /// Registers every route of the service's route table on `routes`, each reading its body as a stream (the app's
    /// `body_limit` applies, not Vapor's `defaultMaxBodySize`).
    public func boot(routes: any Vapor.RoutesBuilder) throws {
        let handlers = ServiceHandlers(state: state, metrics: metrics, logger: logger)
        let instrumentation = ServiceInstrumentation(metrics: metrics, logger: logger)
        for route in ServiceRoute.allCases {
            let label = route.path
            let path: [PathComponent] = route.path.split(separator: "/").map { segment in
                segment.hasPrefix("{") ? .parameter(String(segment.dropFirst().dropLast())) : .constant(String(segment))
            }
            routes.on(HTTPMethod(rawValue: route.method.rawValue), path, body: .stream) { request async -> Vapor.Response in
                let start = ContinuousClock.now
                let method = request.method.rawValue
                let record = ServiceRequestRecord(headers: ServiceRequestHeaders(request.headers), fallbackID: request.id)
                let answer: ServiceAnswer
                if method != route.method.rawValue {
                    // Vapor hands HEAD to a GET route; the contract answers it as any other method the path does not serve.
                    answer = .methodNotAllowed(method, allowed: route.method.rawValue)
                    record.code = .unsupportedOperation
                } else {
                    let serviceRequest = ServiceRequest(
                        app: request.parameters.get("app") ?? "", provider: request.parameters.get("provider") ?? "", record: record,
                        body: VaporRequestBody(request: request))
                    do throws(ServiceFailure) {
                        answer = try await handlers.respond(route, serviceRequest)
                    } catch {
                        answer = .failure(error)
                    }
                }
                instrumentation.record(status: answer.status.code, method: method, route: label, record: record, since: start)
                return Vapor.Response(answer, requestID: record.requestID)
            }
        }
    }
}

/// The middleware of ``IdentityBridgeVaporRoutes/middleware``: the uniform answer to the requests no
/// route matched, counted and logged as the routes count and log theirs.
public struct IdentityBridgeVaporMiddleware: AsyncMiddleware {
    let instrumentation: ServiceInstrumentation

    /// Answers a request no route matched; passes any other on.
    public func respond(to request: Vapor.Request, chainingTo next: any AsyncResponder) async throws -> Vapor.Response {
        // Vapor runs app middleware after routing: `route` is set for a matched request, `nil` for one no route matched.
        guard request.route == nil else { return try await next.respond(to: request) }
        let start = ContinuousClock.now
        let record = ServiceRequestRecord(headers: ServiceRequestHeaders(request.headers), fallbackID: request.id)
        let refusal = ServiceInstrumentation.unmatched(method: request.method.rawValue, path: request.url.path)
        record.code = refusal.route == nil ? .notFound : .unsupportedOperation
        instrumentation.record(
            status: refusal.answer.status.code, method: request.method.rawValue, route: refusal.route?.path ?? "unmatched", record: record,
            since: start)
        return Vapor.Response(refusal.answer, requestID: record.requestID)
    }
}

extension ServiceRequestHeaders {
    /// The headers the handlers read, from Vapor's (a header sent twice joined by `, `, as `HTTPFields` joins it).
    init(_ headers: HTTPHeaders) {
        func joined(_ name: HTTPHeaders.Name) -> String? {
            let values = headers[name]
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        self.init(
            authorization: joined(.authorization), contentType: joined(.contentType), contentLength: joined(.contentLength),
            requestID: joined(HTTPHeaders.Name("X-Request-Id")), traceparent: joined(HTTPHeaders.Name("traceparent")))
    }
}

/// A Vapor request's streamed body, as the handlers read it.
struct VaporRequestBody: ServiceRequestBody {
    let request: Vapor.Request

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
    /// Vapor's response carrying `answer`, `X-Request-Id` echoed.
    convenience init(_ answer: ServiceAnswer, requestID: String) {
        var headers = HTTPHeaders()
        for field in answer.headers { headers.add(name: field.name.rawName, value: field.value) }
        headers.add(name: "X-Request-Id", value: requestID)
        self.init(status: HTTPResponseStatus(statusCode: answer.status.code), headers: headers, body: .init(buffer: answer.body))
    }
}
#endif
