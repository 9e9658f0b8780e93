#if TokenService
import HTTPTypes
package import IdentityBridge
package import Tracing

/// The token service's spans (swift-distributed-tracing): one server span per request, continuing the
/// caller's trace (W3C `traceparent`, read by the tracer's propagator), and child spans for the signing, a
/// session token's verification and a key-set fetch. Attributes name the route, the status, the served app and
/// provider instance and the uniform error code; never a user value, a token, a key or a secret.
///
/// Off (`nil` tracer) by default: the request frame then starts no span and reads no clock or task-local for it.
package enum ServiceTracing {
    /// `identitybridge.app`: the served app.
    package static let app = "identitybridge.app"
    /// `identitybridge.provider`: the provider instance's name.
    package static let provider = "identitybridge.provider"
    /// `identitybridge.provider.kind`: the provider instance's kind.
    package static let providerKind = "identitybridge.provider.kind"
    /// `identitybridge.error.code`: the uniform code of a refusal.
    package static let errorCode = "identitybridge.error.code"
    /// `identitybridge.request_id`: the request id the log line carries.
    package static let requestID = "identitybridge.request_id"
    /// `identitybridge.session.issuer`: a session-token issuer (the configuration's URL).
    package static let sessionIssuer = "identitybridge.session.issuer"

    /// Runs `body` in a child span `name` of the current span (`ServiceContext.current`), when `tracer` is set;
    /// a failure's uniform code lands on the span (`identitybridge.error.code`).
    package static func span<T, Failure: Error>(
        _ tracer: (any Tracer)?, _ name: String, provider: ProviderReference? = nil, _ body: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        guard let tracer else { return try await body() }
        let span = tracer.startSpan(name, context: ServiceContext.current ?? .topLevel, ofKind: .internal)
        if let provider {
            span.attributes[Self.provider] = provider.name
            span.attributes[Self.providerKind] = provider.kind.rawValue
        }
        let result: Result<T, Failure> = await ServiceContext.$current.withValue(span.context) {
            await $currentSpan.withValue(span) {
                do throws(Failure) { return .success(try await body()) } catch { return .failure(error) }
            }
        }
        if case .failure(let error) = result {
            markFailed(span, code: (error as? IdentityError)?.code ?? (error as? ServiceFailure)?.error.code)
        }
        span.end()
        return try result.get()
    }

    /// Marks the current span (``span(_:_:provider:attributes:_:)``'s, inside its body) as refused with `code`,
    /// for a body that answers a refusal instead of throwing it.
    package static func annotateFailure(_ code: IdentityError.Code) {
        if let span = currentSpan { markFailed(span, code: code) }
    }

    /// Sets `span`'s status to error and, when known, its `identitybridge.error.code`.
    private static func markFailed(_ span: any Span, code: IdentityError.Code?) {
        if let code { span.attributes[errorCode] = code.rawValue }
        span.setStatus(SpanStatus(code: .error))
    }

    /// The child span whose body runs (set by ``span(_:_:provider:attributes:_:)``).
    @TaskLocal static var currentSpan: (any Span)?

    /// The server span of one request: started before `body` with the caller's context as parent, named
    /// `"<METHOD> <route>"` once `body` has answered, with the record's app, provider and code.
    static func serverSpan<Request: ServiceFrameRequest, Answer: ServiceFrameAnswer>(
        _ tracer: any Tracer, request: Request, record: ServiceRequestRecord, _ body: () async -> (answer: Answer, route: String)
    ) async -> (answer: Answer, route: String, traceID: Substring?) {
        var parent = ServiceContext.topLevel
        tracer.extract(request, into: &parent, using: ServiceFrameExtractor())
        let method = request.method
        let span = tracer.startSpan(method, context: parent, ofKind: .server)
        let (answer, route) = await ServiceContext.$current.withValue(span.context) { await body() }
        span.operationName = "\(method) \(route)"
        var attributes: SpanAttributes = [
            "http.request.method": .string(method), "http.route": .string(route),
            "http.response.status_code": .int64(Int64(answer.status.code)), Self.requestID: .string(record.requestID),
        ]
        if let app = record.app { attributes[Self.app] = app }
        if let provider = record.provider {
            attributes[Self.provider] = provider.name
            attributes[Self.providerKind] = provider.kind.rawValue
        }
        if let code = record.code { attributes[Self.errorCode] = code.rawValue }
        span.attributes = attributes
        if answer.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
        var carrier = TraceparentCarrier()
        tracer.inject(span.context, into: &carrier, using: TraceparentCarrier.Injector())
        span.end()
        return (answer, route, carrier.traceparent.flatMap { ServiceRequestRecord.traceID(ofTraceparent: $0) })
    }
}

/// Where a tracer writes a span's `traceparent`, to read its trace id for the log line.
struct TraceparentCarrier {
    var traceparent: String?

    struct Injector: Tracing.Injector {
        func inject(_ value: String, forKey key: String, into carrier: inout TraceparentCarrier) {
            if key == "traceparent" { carrier.traceparent = value }
        }
    }
}
#endif
