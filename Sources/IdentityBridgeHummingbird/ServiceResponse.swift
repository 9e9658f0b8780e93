#if TokenService
import Hummingbird
import IdentityBridge

/// A failed request: the HTTP status and the uniform error its body carries (`{"error": {...}}`),
/// which is also how Hummingbird answers it when it is thrown past the service's middleware.
struct ServiceFailure: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let error: IdentityError

    init(_ status: Int, _ error: IdentityError) {
        self.status = HTTPResponse.Status(code: status)
        self.error = error
    }

    /// A failure whose status is the error code's own (``IdentityError/httpStatus``).
    init(_ error: IdentityError) { self.init(error.httpStatus, error) }

    func response(from request: Request, context: some RequestContext) throws -> Response { .failure(self) }
}

extension Response {
    /// A JSON answer.
    static func json(_ status: Int, _ body: JSONValue) -> Response { json(status, text: body.jsonString) }

    /// A JSON answer from its UTF-8 bytes.
    static func json(_ status: Int, bytes: [UInt8]) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: jsonHeaders, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A JSON answer from its text.
    static func json(_ status: Int, text: String, contentType: String = "application/json") -> Response {
        Response(
            status: HTTPResponse.Status(code: status),
            headers: contentType == "application/json" ? jsonHeaders : [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `Content-Type: application/json`, built once (fields are copied on write).
    private static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    /// `{"error": {...}}` with the uniform error.
    static func failure(_ failure: ServiceFailure, headers extra: HTTPFields = [:]) -> Response {
        var response = json(failure.status.code, ["error": failure.error.json])
        response.headers.append(contentsOf: extra)
        return response
    }
}

extension Response {
    /// 405 `unsupported_operation` (field `method`) with `Allow`: `method` on a path that serves only `allowed`.
    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: String) -> Response {
        .failure(
            ServiceFailure(
                405,
                IdentityError(
                    .unsupportedOperation, field: "method", message: "\(method.rawValue.prefix(32)) is not allowed here.",
                    recovery: "Use \(allowed).")),
            headers: [.allow: allowed])
    }
}
#endif
