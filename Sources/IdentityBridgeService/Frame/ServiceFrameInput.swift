#if TokenService
package import NIOCore

/// A request as a front end hands it to ``ServiceFrame``: the fields every request's frame reads (the method, the
/// headers the handlers read, the `{app}` and `{provider}` parameters, the body), read once, and the front end's own
/// request for the rest (the path and matched path of a request no route matched, the tracer's propagation headers,
/// the front end's request id).
///
/// One concrete type, so the frame and the handlers are compiled and specialized once, in this module, whichever front
/// end calls them. HAND-TUNED, threshold 5% of the service's CPU a request: with the frame generic over each front
/// end's request type across the module boundary (unspecialized: generic metadata looked up per request), the service
/// cost 123.2 / 126.4 µs a request against 113.3 / 118.0 µs for the same code in one module (`Benchmarks/http-floor.sh`
/// with `BEFORE_BIN`, 2026-11-29: 7-9%).
package struct ServiceFrameInput: ServiceFrameRequest {
    package let method: String
    package let serviceHeaders: ServiceRequestHeaders
    /// The `{app}` path parameter ("" for a route without one).
    package let app: String
    /// The `{provider}` path parameter ("" for a route without one).
    package let provider: String
    package let body: ServiceRequestBodyBox
    /// The front end's request, for what only a refusal or a span reads.
    package let source: any ServiceFrameRequest

    /// The frame's input of `request`, read once (inlinable: specialized for each front end's request type).
    @inlinable package init(_ request: some ServiceFrameRequest) {
        method = request.method
        serviceHeaders = request.serviceHeaders
        app = request.parameter("app") ?? ""
        provider = request.parameter("provider") ?? ""
        body = ServiceRequestBodyBox(body: request.body)
        source = request
    }

    package var path: String { source.path }
    package var fallbackRequestID: String { source.fallbackRequestID }
    package var matchedPath: String? { source.matchedPath }
    package func header(_ name: String) -> String? { source.header(name) }

    package func parameter(_ name: String) -> String? {
        switch name {
        case "app": app
        case "provider": provider
        default: source.parameter(name)
        }
    }
}

/// A front end's request body behind one concrete type (see ``ServiceFrameInput``).
package struct ServiceRequestBodyBox: ServiceRequestBody {
    package let body: any ServiceRequestBody

    @inlinable package init(body: any ServiceRequestBody) { self.body = body }

    package func collect(upTo limit: Int) async throws -> ByteBuffer { try await body.collect(upTo: limit) }
}
#endif
