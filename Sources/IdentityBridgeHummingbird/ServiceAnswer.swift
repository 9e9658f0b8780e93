#if TokenService
package import Hummingbird
package import IdentityBridge
package import NIOCore

/// A failed request: the HTTP status and the uniform error its body carries (`{"error": {...}}`),
/// which is also how Hummingbird answers it when it is thrown past the service's middleware.
package struct ServiceFailure: HTTPResponseError, Sendable {
    package let status: HTTPResponse.Status
    package let error: IdentityError

    package init(_ status: Int, _ error: IdentityError) {
        self.status = HTTPResponse.Status(code: status)
        self.error = error
    }

    /// A failure whose status is the error code's own (``IdentityError/httpStatus``).
    package init(_ error: IdentityError) { self.init(error.httpStatus, error) }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(ServiceAnswer.failure(self))
    }
}

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

/// What a front end answers from the request frame (``ServiceFrame``, ``ServiceInstrumentation``): a response whose
/// status the frame counts and logs, whose headers it echoes `X-Request-Id` in, and that carries the refusals it
/// answers itself (404, 405 with `Allow`, the uniform failure of an error thrown past a handler).
package protocol ServiceFrameAnswer {
    /// The status the metrics, the log line and the span read.
    var status: HTTPResponse.Status { get }
    /// The headers, `X-Request-Id` added by the frame.
    var headers: HTTPFields { get set }
    /// The answer carrying `answer`.
    init(_ answer: ServiceAnswer)
}

extension ServiceAnswer: ServiceFrameAnswer {
    /// `answer` itself: a front end that converts the answer once the frame is done (Vapor).
    package init(_ answer: ServiceAnswer) { self = answer }
}

extension Response: ServiceFrameAnswer {
    /// Hummingbird's response carrying `answer`.
    package init(_ answer: ServiceAnswer) {
        self.init(status: answer.status, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body))
    }
}
#endif
