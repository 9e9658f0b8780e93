#if TokenService
package import HTTPTypes
import IdentityBridge
package import NIOCore

/// The token service's answer to a request, whichever front end received it (Hummingbird's routes,
/// Vapor's): status, headers and body bytes. The handlers write it once; each front end turns it into
/// its own response type without looking inside, so the answers are the same byte for byte.
package struct ServiceAnswer: Sendable {
    package var status: HTTPResponse.Status
    package var headers: HTTPFields
    package var body: ByteBuffer

    /// A JSON answer.
    static func json(_ status: Int, _ body: JSONValue) -> ServiceAnswer { json(status, text: body.jsonString) }

    /// A JSON answer from its UTF-8 bytes.
    static func json(_ status: Int, bytes: [UInt8]) -> ServiceAnswer {
        ServiceAnswer(status: HTTPResponse.Status(code: status), headers: jsonHeaders, body: ByteBuffer(bytes: bytes))
    }

    /// A JSON answer from its text.
    static func json(_ status: Int, text: String, contentType: String = "application/json") -> ServiceAnswer {
        ServiceAnswer(
            status: HTTPResponse.Status(code: status),
            headers: contentType == "application/json" ? jsonHeaders : [.contentType: contentType],
            body: ByteBuffer(string: text))
    }

    /// `Content-Type: application/json`, built once (fields are copied on write).
    private static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    /// `{"error": {...}}` with the uniform error.
    package static func failure(_ failure: ServiceFailure, headers extra: HTTPFields = [:]) -> ServiceAnswer {
        var answer = json(failure.status.code, ["error": failure.error.json])
        answer.headers.append(contentsOf: extra)
        return answer
    }

    /// 405 `unsupported_operation` (field `method`) with `Allow`: `method` on a path that serves only `allowed`.
    package static func methodNotAllowed(_ method: String, allowed: String) -> ServiceAnswer {
        .failure(
            ServiceFailure(
                405,
                IdentityError(
                    .unsupportedOperation, field: "method", message: "\(method.prefix(32)) is not allowed here.",
                    recovery: "Use \(allowed).")),
            headers: [.allow: allowed])
    }
}
#endif
