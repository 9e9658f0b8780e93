#if TokenService
import HTTPTypes
import IdentityBridge
package import Logging
package import Tracing

/// What every answered token service request ends with: its count and latency in
/// ``ServiceMetrics``, `X-Request-Id` echoed, a server span when a tracer is set (``ServiceTracing``) and, at
/// `info`, one structured log line (request id, method, route template, status, duration, and the served app,
/// provider, kind, uniform code and trace id when known; never a path value, header, body or token).
///
/// One code path for every front end: ``answer(_:route:bindsRecord:_:)`` is the frame of one request (the front end's
/// request read through ``ServiceFrameRequest``), in two places: a middleware (`ServiceMiddleware` around what it
/// wraps, Vapor's for a request its router matched to no route) and each route (``ServiceFrame``, which
/// `IdentityBridgeRoutes` and Vapor's routes hold). HAND-TUNED, threshold
/// 5% of `service-bench`'s service path: a `RouteCollection` middleware frame instead of the routes'
/// own cost about 15% of it (bare/service ratio 0.57-0.59 against 0.63-0.73, 2026-11-25; again
/// 0.49-0.55 against 0.59-0.64 on 2026-11-27; Benchmarks/RESULTS.md). The metric names, labels and
/// log line are the service's contract, which is why Hummingbird's `MetricsMiddleware` and
/// `LogRequestsMiddleware` (other names, other fields) do not stand in for it.
package struct ServiceInstrumentation: Sendable {
    /// The record of the request a `ServiceMiddleware` answers, set while it does: the routes and middleware
    /// inside it only pass the request on (filling in its record), so each request is answered, logged and
    /// counted once, by the outermost.
    @TaskLocal static var answering: ServiceRequestRecord?

    let metrics: ServiceMetrics?
    let logger: Logger
    /// Whether `logger` writes the per-request `info` line: read once, not per request.
    let logsRequests: Bool
    /// The tracer of the requests' spans; `nil`: no span.
    let tracer: (any Tracer)?
    /// The routes the router serves: a request for another's path is unmatched (404), not a wrong method (405).
    let served: [ServiceRoute]

    package init(metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)? = nil, served: [ServiceRoute] = ServiceRoute.allCases) {
        self.metrics = metrics
        self.logger = logger
        self.logsRequests = logger.logLevel <= .info
        self.tracer = tracer
        self.served = served
    }

    /// `respond`'s answer to `request`, with anything it throws mapped to the uniform failure (a method a service
    /// path does not serve, or `route` does not: 405 with `Allow`), `X-Request-Id` echoed, in a server span when
    /// tracing, then counted and logged under `route`'s template (`nil`: the router's matched path, or `unmatched`).
    /// Inside an outer frame (`answering` set), only `respond` runs, with the outer record. `bindsRecord`:
    /// set `answering` while `respond` runs (a middleware, whose `respond` may reach the routes' frames).
    package func answer<Request: ServiceFrameRequest, Answer: ServiceFrameAnswer, Failure: Error>(
        _ request: Request, route: ServiceRoute?, bindsRecord: Bool, _ respond: (ServiceRequestRecord) async throws(Failure) -> Answer
    ) async -> Answer {
        let method = request.method
        if let outer = Self.answering { return await mapped(request, method, route, outer, respond).answer }
        let start = ContinuousClock.now
        let record = ServiceRequestRecord(headers: request.serviceHeaders, fallbackID: request.fallbackRequestID)
        func run() async -> (answer: Answer, route: String) {
            let (answer, refused) =
                bindsRecord
                ? await Self.$answering.withValue(record) { await mapped(request, method, route, record, respond) }
                : await mapped(request, method, route, record, respond)
            return (answer, (route ?? refused)?.path ?? RouteLabel.of(matched: request.matchedPath ?? ""))
        }
        var answer: Answer
        let label: String
        var traceID: Substring?
        if let tracer {
            (answer, label, traceID) = await ServiceTracing.serverSpan(tracer, request: request, record: record, run)
        } else {
            (answer, label) = await run()
        }
        answer.headers[ServiceRequestRecord.requestIDField] = record.requestID
        self.record(status: answer.status.code, method: method, route: label, record: record, traceID: traceID, since: start)
        return answer
    }

    /// The frame of a request the front end's router matched to no route: 405 with `Allow` when its path is a
    /// served route's, else the uniform 404, counted and logged as ``unmatched(method:path:served:)`` says.
    package func answerUnrouted<Request: ServiceFrameRequest>(_ request: Request) async -> ServiceAnswer {
        await answer(request, route: nil, bindsRecord: false) { _ throws(UnmatchedRoute) -> ServiceAnswer in throw UnmatchedRoute() }
    }

    /// `respond`'s answer, anything it throws mapped to the uniform failure (its code in `record`), and the
    /// route a 405 is counted under (the router matched none). A method `route` does not serve (a front end
    /// that hands HEAD to a GET route) is refused as the router refuses it, without `respond`.
    private func mapped<Request: ServiceFrameRequest, Answer: ServiceFrameAnswer, Failure: Error>(
        _ request: Request, _ method: String, _ route: ServiceRoute?, _ record: ServiceRequestRecord,
        _ respond: (ServiceRequestRecord) async throws(Failure) -> Answer
    ) async -> (answer: Answer, refused: ServiceRoute?) {
        if let route, method != route.method.rawValue {
            record.code = .unsupportedOperation
            return (Answer(.methodNotAllowed(method, allowed: route.method.rawValue)), nil)
        }
        do {
            return (try await respond(record), nil)
        } catch {
            if error is UnmatchedRoute {
                let refusal = Self.unmatched(method: method, path: request.path, served: served)
                record.code = refusal.route == nil ? .notFound : .unsupportedOperation
                return (Answer(refusal.answer), refusal.route)
            }
            let failure = ServiceFailure.mapping(error)
            record.code = failure.error.code
            return (Answer(.failure(failure)), nil)
        }
    }

    /// The answer to a request of `method` to `path` that the router matched to no route, and the route it is
    /// counted under: when `path` is a service route's path, the method is one it does not serve (TRACE,
    /// PROPFIND, QUERY...), 405 with `Allow`, counted under that route; any other path is 404, unmatched.
    /// Only the routes of `served` count: another route's path is 404 (a listener that serves it not).
    package static func unmatched(
        method: String, path: String, served: [ServiceRoute] = ServiceRoute.allCases
    ) -> (answer: ServiceAnswer, route: ServiceRoute?) {
        if let route = ServiceRoute.matching(path: path), served.contains(route), route.method.rawValue != method {
            return (.methodNotAllowed(method, allowed: route.method.rawValue), route)
        }
        return (.failure(.noSuchRoute), nil)
    }

    /// Counts and logs an answer of `status` to a request of `method` that started at `start`, under `route`
    /// (a route template, `unmatched` or `unrouted`), with what `record` learnt (app, provider, code) and the
    /// trace id of its span (or of the caller's `traceparent` when no span was recorded).
    package func record(
        status: Int, method: String, route: String, record: ServiceRequestRecord, traceID: Substring? = nil,
        since start: ContinuousClock.Instant
    ) {
        let duration = ContinuousClock.now - start
        metrics?.recordRequest(route: route, status: status, app: record.app, provider: record.provider?.name, duration: duration)
        guard logsRequests else { return }
        var metadata: Logger.Metadata = [
            "request_id": "\(record.requestID)", "method": "\(method)", "route": "\(route)", "status": "\(status)",
            "duration_ms": "\(Self.milliseconds(duration))",
        ]
        if let app = record.app { metadata["app"] = "\(app)" }
        if let provider = record.provider {
            metadata["provider"] = "\(provider.name)"
            metadata["kind"] = "\(provider.kind.rawValue)"
        }
        if let code = record.code { metadata["code"] = "\(code.rawValue)" }
        if let traceID = traceID ?? record.headers.traceparent.flatMap({ ServiceRequestRecord.traceID(ofTraceparent: $0) }) {
            metadata["trace_id"] = "\(traceID)"
        }
        logger.info("request", metadata: metadata)
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
#endif
