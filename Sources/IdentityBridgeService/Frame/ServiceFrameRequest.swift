#if TokenService
import Logging
import Tracing

/// A request as the request frame (``ServiceFrame``, ``ServiceInstrumentation``) reads it, whichever front
/// end received it: each front end wraps its own request in a conforming type, read in place (no copy of
/// its headers or body).
package protocol ServiceFrameRequest: Sendable {
    /// The body the handlers read.
    associatedtype Body: ServiceRequestBody

    /// The method as sent (`GET`, `HEAD`, `PROPFIND`...).
    var method: String { get }
    /// The path without its query: a request no route matched answers 405 when it is a service route's.
    var path: String { get }
    /// The body, not yet read.
    var body: Body { get }
    /// The front end's own request id, taken when the caller sent no usable `X-Request-Id`.
    var fallbackRequestID: String { get }
    /// The router's matched path when it is no service route's (an app's own route), or `nil`.
    var matchedPath: String? { get }
    /// The headers the handlers read (by default each looked up with ``header(_:)``).
    var serviceHeaders: ServiceRequestHeaders { get }

    /// The value of header `name` (any letter case), several joined by `, ` as `HTTPFields` joins them; `nil`
    /// when it is absent. The tracer reads the caller's trace context (`traceparent`...) with it.
    func header(_ name: String) -> String?
    /// The value of the route's path parameter `name` (`app`, `provider`), if it has one.
    func parameter(_ name: String) -> String?
}

extension ServiceFrameRequest {
    /// No matched path: a request no route matched is `unmatched`.
    package var matchedPath: String? { nil }

    /// The headers the handlers read, each looked up by name.
    package var serviceHeaders: ServiceRequestHeaders {
        ServiceRequestHeaders(
            authorization: header("Authorization"), contentType: header("Content-Type"), contentLength: header("Content-Length"),
            requestID: header("X-Request-Id"), traceparent: header("traceparent"))
    }
}

/// Reads a request's propagation headers (`traceparent`, `tracestate`...) for the tracer.
struct ServiceFrameExtractor<Request: ServiceFrameRequest>: Extractor {
    func extract(key: String, from request: Request) -> String? { request.header(key) }
}
#endif
