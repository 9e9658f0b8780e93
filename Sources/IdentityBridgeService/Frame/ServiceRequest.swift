#if TokenService
package import NIOCore

/// A request as ``ServiceHandlers`` read it, whichever front end received it: the route's path
/// parameters (empty for the routes without them), the headers the handlers read, and the body, not
/// yet read (each route reads it at most up to its app's `body_limit`).
package struct ServiceRequest<Body: ServiceRequestBody> {
    /// The `{app}` path parameter.
    package var app: String
    /// The `{provider}` path parameter.
    package var provider: String
    package var headers: ServiceRequestHeaders
    package var body: Body
    /// What the handlers learn about the request for its frame (the served app, the instance, a failure's code).
    package let record: ServiceRequestRecord

    package init(app: String, provider: String, record: ServiceRequestRecord, body: Body) {
        self.app = app
        self.provider = provider
        self.headers = record.headers
        self.body = body
        self.record = record
    }
}

/// A request body a front end hands the handlers, read once, in full, up to a limit.
package protocol ServiceRequestBody: Sendable {
    /// The whole body. Past `limit` bytes it throws `NIOTooManyBytesError` (the handlers answer 413); any
    /// other error is a body that could not be read (400). A front end maps its framework's own "too large"
    /// error to `NIOTooManyBytesError`.
    func collect(upTo limit: Int) async throws -> ByteBuffer
}
#endif
