#if TokenService
import Hummingbird
import IdentityBridgeService
import Logging
import NIOCore

/// A Hummingbird request and its context, as the request frame reads them.
struct HummingbirdFrameRequest<Context: RequestContext>: ServiceFrameRequest {
    let request: Request
    let context: Context

    var method: String { request.method.rawValue }
    var path: String { request.uri.path }
    var body: HummingbirdRequestBody { HummingbirdRequestBody(body: request.body) }
    /// Hummingbird's own id (`context.id` force-unwraps it: a context of an app's own may not carry one).
    var fallbackRequestID: String {
        context.logger[metadataKey: "hb.request.id"]?.description ?? ServiceRequestRecord.newRequestID()
    }
    var matchedPath: String? { context.endpointPath }
    /// The headers in one pass over the fields (`ServiceRequestHeaders/init(_:)`).
    var serviceHeaders: ServiceRequestHeaders { ServiceRequestHeaders(request.headers) }

    func header(_ name: String) -> String? { HTTPFields.Element.Name(name).flatMap { request.headers[$0] } }
    func parameter(_ name: String) -> String? { context.parameters.get(name) }
}

/// Hummingbird's request body as the handlers read it: its own `collect(upTo:)`, its `HTTPError(.contentTooLarge)`
/// read as the `NIOTooManyBytesError` of every front end.
struct HummingbirdRequestBody: ServiceRequestBody {
    let body: RequestBody

    func collect(upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw NIOTooManyBytesError(maxBytes: limit)
        }
    }
}
#endif
