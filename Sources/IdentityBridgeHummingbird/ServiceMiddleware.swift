public import Hummingbird
import IdentityBridge
public import Logging

/// The middleware in front of every token service route: it turns anything a handler or the router
/// throws into the uniform error body (unknown path 404, body too large 413, anything else 503 with
/// no detail: never a 500 and never a leaked value), then writes one structured log line per request
/// (request id, method, route template, status, duration; never a path value, header, body or token)
/// and counts the request in ``ServiceMetrics``.
public struct ServiceMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics?
    let logger: Logger
    /// Whether `logger` writes the per-request `info` line: read once, not per request.
    let logsRequests: Bool

    /// Creates the middleware.
    public init(metrics: ServiceMetrics?, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
        self.logsRequests = logger.logLevel <= .info
    }

    /// Runs the request, maps errors, logs and counts.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Response.failure(Self.failure(for: error))
        }
        let duration = ContinuousClock.now - start
        let status = response.status.code
        // A non-generic function: a static method of this generic type would allocate a closure context per request.
        metrics?.recordRequest(path: context.endpointPath ?? "", status: status, duration: duration, label: RouteLabel.of(matched:))
        if logsRequests {
            let route = RouteLabel.of(context.endpointPath)
            logger.info(
                "request",
                metadata: [
                    "request_id": "\(context.id)", "method": "\(request.method.rawValue)", "route": "\(route)", "status": "\(status)",
                    "duration_ms": "\(Self.milliseconds(duration))",
                ])
        }
        return response
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return "\(micros / 1000).\(String(micros % 1000).leftPadded(to: 3))"
    }

    /// The uniform failure for an error thrown past a handler.
    static func failure(for error: any Error) -> ServiceFailure {
        if let failure = error as? ServiceFailure { return failure }
        if let http = error as? HTTPError {
            switch http.status {
            case .notFound:
                return ServiceFailure(
                    404,
                    IdentityError(
                        .unsupportedOperation, field: "path", message: "No such route.", recovery: "See the service's OpenAPI document."))
            case .contentTooLarge:
                return ServiceFailure(
                    413,
                    IdentityError(
                        .limitExceeded, field: "body", message: "The request body is over the limit.", recovery: "Send a smaller body."))
            case .badRequest:
                return ServiceFailure(
                    400, IdentityError(.invalidValueType, field: "body", message: "The request is malformed.", recovery: "Fix the request.")
                )
            default: break
            }
        }
        return ServiceFailure(
            503,
            IdentityError(.unknown, message: "The request could not be served.", recovery: "Retry later; the service logged the cause."))
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

/// The route label of a request's metrics and log line.
private enum RouteLabel {
    /// The route template (`/v1/apps/{app}/providers/{provider}/credentials`), or `unmatched`.
    static func of(_ endpointPath: String?) -> String { of(matched: endpointPath ?? "") }

    /// The route template of the router's matched path (`""` when it matched none: `unmatched`).
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
    IdentityBridgeRoutes.routes.flatMap { [(IdentityBridgeRoutes.routerPath($0.path), $0.path), ($0.path, $0.path)] },
    uniquingKeysWith: { a, _ in a })
