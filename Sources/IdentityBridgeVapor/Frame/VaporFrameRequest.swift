#if Vapor && TokenService
import IdentityBridgeService
import NIOCore
import Vapor

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
#endif
