#if TokenService
import IdentityBridge
import NIOCore

/// Reading a request's body: its limit, its media type and its JSON.
extension ServiceHandlers {

    /// The whole body, at most the app's `body_limit` (413 past it).
    static func body<Body: ServiceRequestBody>(_ request: ServiceRequest<Body>, limit: Int) async throws(ServiceFailure) -> ByteBuffer {
        // Built only when refused: an error's message costs more than reading a small body.
        func tooLarge() -> ServiceFailure {
            ServiceFailure(
                413,
                IdentityError(
                    .limitExceeded, field: "body", message: "The request body is over \(limit) bytes.", recovery: "Send a smaller body."))
        }
        if let length = request.headers.contentLength.flatMap({ Int($0) }), length > limit { throw tooLarge() }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            // A chunked body (no Content-Length) over the limit: the same 413.
            throw tooLarge()
        } catch {
            throw ServiceFailure(
                400,
                IdentityError(
                    .invalidValueType, field: "body", message: "The request body could not be read.", recovery: "Resend the request."))
        }
    }

    /// The media types of a JSON body.
    static let json = ["application/json"]

    /// 415 unless the request's media type is one of `accepted`.
    static func requireContentType(_ headers: ServiceRequestHeaders, _ accepted: [String]) throws(ServiceFailure) {
        let contentType = headers.contentType
        if let contentType, accepted.contains(contentType) { return }  // the common exact spelling, without parsing
        guard let media = FormBody.mediaType(contentType), accepted.contains(media) else {
            throw ServiceFailure(
                415,
                IdentityError(
                    .invalidValueType, field: "Content-Type",
                    message: "This route expects \(accepted[0]), not \(FormBody.describe(contentType: contentType)).",
                    recovery: "Send the body as \(accepted[0])."))
        }
    }

    /// The body as a JSON object's members, parsed in place (400 when it is not one).
    static func jsonObject(_ body: ByteBuffer) throws(ServiceFailure) -> JSONObjectMembers {
        let malformed = { (detail: String) in
            ServiceFailure(
                400,
                IdentityError(
                    .invalidValueType, field: "body", message: "The request body is not \(detail).", recovery: "Send a JSON object."))
        }
        let parsed = Result { () throws(JSONParseError) in try JSONValue.parseObjectMembers(contiguous: body.readableBytesView) }
        guard case .success(let members) = parsed else {
            throw malformed(String(validating: body.readableBytesView, as: UTF8.self) == nil ? "UTF-8 text" : "valid JSON")
        }
        guard let members else { throw malformed("a JSON object") }
        return members
    }

    /// An optional string member (422 `invalid_value_type` when it is another type).
    static func string(_ object: JSONObjectMembers, _ key: String) throws(ServiceFailure) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?:
            throw ServiceFailure(
                IdentityError(
                    .invalidValueType, field: key, message: "\"\(key)\" is JSON \(other.typeNameWithArticle), not a string.",
                    recovery: "Send \"\(key)\" as a string."))
        }
    }
}
#endif
