import Hummingbird
import IdentityBridge

/// A failed request: the HTTP status and the uniform error its body carries.
struct ServiceFailure: Error, Sendable {
    let status: Int
    let error: IdentityError

    init(_ status: Int, _ error: IdentityError) {
        self.status = status
        self.error = error
    }

    /// A failure whose status is the error code's own (``IdentityError/httpStatus``).
    init(_ error: IdentityError) { self.init(error.httpStatus, error) }
}

extension Response {
    /// A JSON answer.
    static func json(_ status: Int, _ body: JSONValue) -> Response { json(status, text: body.jsonString) }

    /// A JSON answer from its text.
    static func json(_ status: Int, text: String, contentType: String = "application/json") -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `{"error": {...}}` with the uniform error.
    static func failure(_ failure: ServiceFailure, headers extra: HTTPFields = [:]) -> Response {
        var response = json(failure.status, ["error": failure.error.json])
        response.headers.append(contentsOf: extra)
        return response
    }
}
