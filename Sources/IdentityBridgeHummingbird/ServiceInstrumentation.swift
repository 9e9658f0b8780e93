#if TokenService
import Hummingbird
import IdentityBridge
package import Logging

/// What every answered token service request ends with: its count and latency in
/// ``ServiceMetrics`` and, at `info`, one structured log line (request id, method, route template,
/// status, duration; never a path value, header, body or token).
///
/// One code path for every front end: ``unmatched(method:path:)`` answers a request the router matched to
/// no route, and ``record(status:method:matchedPath:requestID:since:)`` counts and logs.
/// For Hummingbird, ``answer(_:_:counting:_:)`` applies both in two places: ``ServiceMiddleware`` around
/// what it wraps, and each route of ``IdentityBridgeRoutes`` in its own frame; Vapor's routes and
/// middleware call the same two. HAND-TUNED, threshold
/// 5% of `service-bench`'s service path: a `RouteCollection` middleware frame instead of the routes'
/// own cost about 15% of it (bare/service ratio 0.57-0.59 against 0.63-0.73, 2026-11-25; again
/// 0.49-0.55 against 0.59-0.64 on 2026-11-27; Benchmarks/RESULTS.md). The metric names, labels and
/// log line are the service's contract, which is why Hummingbird's `MetricsMiddleware` and
/// `LogRequestsMiddleware` (other names, other fields) do not stand in for it.
package struct ServiceInstrumentation: Sendable {
    /// Set while a ``ServiceMiddleware`` answers a request: the routes and middleware inside it only
    /// pass the request on, so each request is answered, logged and counted once, by the outermost.
    @TaskLocal static var isAnswering = false

    let metrics: ServiceMetrics?
    let logger: Logger
    /// Whether `logger` writes the per-request `info` line: read once, not per request.
    let logsRequests: Bool

    package init(metrics: ServiceMetrics?, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
        self.logsRequests = logger.logLevel <= .info
    }

    /// `respond`'s answer, with anything it throws mapped to the uniform failure (a method a
    /// service path does not serve: 405 with `Allow`); counted and logged when `counting` (false
    /// inside a ``ServiceMiddleware``'s answer, which counts and logs it).
    func answer<Context: RequestContext, Failure: Error>(
        _ request: Request, _ context: Context, counting: Bool, _ respond: (Request, Context) async throws(Failure) -> Response
    ) async -> Response {
        let start = ContinuousClock.now
        let response: Response
        // The route a 405 is counted under (the router matched none).
        var refusedRoute: ServiceRoute?
        do {
            response = try await respond(request, context)
        } catch {
            if (error as? HTTPError)?.status == .notFound {
                let refusal = Self.unmatched(method: request.method.rawValue, path: request.uri.path)
                refusedRoute = refusal.route
                response = Response(refusal.answer)
            } else {
                response = Response(.failure(.mapping(error)))
            }
        }
        if counting {
            record(
                status: response.status.code, method: request.method.rawValue, matchedPath: refusedRoute?.path ?? context.endpointPath,
                requestID: "\(context.id)", since: start)
        }
        return response
    }

    /// The answer to a request of `method` to `path` that the router matched to no route, and the route it is
    /// counted under: when `path` is a service route's path, the method is one it does not serve (TRACE,
    /// PROPFIND, QUERY...), 405 with `Allow`, counted under that route; any other path is 404, unmatched.
    package static func unmatched(method: String, path: String) -> (answer: ServiceAnswer, route: ServiceRoute?) {
        if let route = ServiceRoute.matching(path: path), route.method.rawValue != method {
            return (.methodNotAllowed(method, allowed: route.method.rawValue), route)
        }
        return (.failure(.noSuchRoute), nil)
    }

    /// Counts and logs an answer of `status` to a request of `method` that started at `start`, under the
    /// route of `matchedPath` (the router's matched path in either syntax, `/v1/apps/:app/...` or
    /// `/v1/apps/{app}/...`; `nil`: unmatched).
    package func record(
        status: Int, method: String, matchedPath: String?, requestID: @autoclosure () -> String, since start: ContinuousClock.Instant
    ) {
        let duration = ContinuousClock.now - start
        let path = matchedPath ?? ""
        // A non-generic function: a static method of a generic type would allocate a closure context per request.
        metrics?.recordRequest(path: path, status: status, duration: duration, label: RouteLabel.of(matched:))
        if logsRequests {
            logger.info(
                "request",
                metadata: [
                    "request_id": "\(requestID())", "method": "\(method)",
                    "route": "\(RouteLabel.of(matched: path))",
                    "status": "\(status)", "duration_ms": "\(Self.milliseconds(duration))",
                ])
        }
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return "\(micros / 1000).\(String(micros % 1000).leftPadded(to: 3))"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

/// The route label of a request's metrics and log line.
private enum RouteLabel {
    /// The route template of the router's matched path (`/v1/apps/{app}/providers/{provider}/credentials`),
    /// or `unmatched` when it matched none.
    static func of(matched path: String) -> String {
        guard path.hasPrefix("/") else { return "unmatched" }
        return routeLabels[path] ?? template(path)
    }

    /// `:name` segments written `{name}`.
    static func template(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }
}

/// The labels of the service's own routes by Hummingbird path, computed once.
/// (Hummingbird describes a matched path as `/v1/apps/{app}/...` or `/v1/apps/:app/...` depending on its version: both are keys.)
private let routeLabels: [String: String] = Dictionary(
    ServiceRoute.allCases.flatMap { [(ServiceRoute.routerSyntax($0.path), $0.path), ($0.path, $0.path)] },
    uniquingKeysWith: { a, _ in a })
#endif
