public import IdentityBridge
import Foundation

/// The logic of the customer's JWT endpoint for the Zendesk Support SDK, independent of any
/// HTTP server: Zendesk POSTs `user_token=<token>` as `application/x-www-form-urlencoded`; the
/// endpoint answers `200 {"jwt": "..."}`, `400` for a malformed request, or `401` when the user
/// token cannot be exchanged (forged, expired, malformed, missing name or email).
///
/// ```swift
/// let endpoint = ZendeskSupportJWTEndpoint(issuer: issuer)
/// let response = endpoint.handle(formBody: body, contentType: request.headers["Content-Type"])
/// // respond with response.status and response.bodyText (application/json)
/// ```
public struct ZendeskSupportJWTEndpoint: Sendable {
    /// An HTTP answer: status and JSON body.
    public struct Response: Hashable, Sendable {
        /// 200, 400 or 401.
        public var status: Int
        /// `{"jwt": ...}` or `{"error": {...}}` (the uniform error's JSON).
        public var body: JSONValue
        /// The error behind a 400 or 401.
        public var error: IdentityError?
        /// Creates a response.
        public init(status: Int, body: JSONValue, error: IdentityError? = nil) {
            self.status = status
            self.body = body
            self.error = error
        }
        /// The body as JSON text.
        public var bodyText: String { body.jsonString }
        /// The JWT of a 200 answer.
        public var jwt: String? { body["jwt"]?.stringValue }
    }

    /// The issuer that exchanges user tokens.
    public let issuer: ZendeskSupportIssuer

    /// Creates the endpoint logic.
    public init(issuer: ZendeskSupportIssuer) { self.issuer = issuer }

    /// Handles a request body given as bytes.
    public func handle(formBody: [UInt8], contentType: String?) -> Response {
        guard let text = String(validating: formBody, as: UTF8.self) else {
            return failure(400, IdentityError(
                .tokenMalformed, field: "body", message: "The request body is not UTF-8 text.",
                recovery: "Send user_token=<token> as application/x-www-form-urlencoded.", provider: issuer.provider))
        }
        return handle(formBody: text, contentType: contentType)
    }

    /// Handles a request body given as text.
    public func handle(formBody: String, contentType: String?) -> Response {
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard mediaType == ZendeskSupportLimits.formContentType else {
            return failure(400, IdentityError(
                .configurationInvalid, field: "Content-Type",
                message: "The JWT endpoint expects \(ZendeskSupportLimits.formContentType), not \(contentType ?? "no content type").",
                recovery: "POST the user token as a form field.", provider: issuer.provider))
        }
        let token: String
        switch Self.formValue(ZendeskSupportLimits.userTokenFormField, in: formBody) {
        case .failure(let error): return failure(400, error.attributed(to: issuer.provider))
        case .success(let value): token = value
        }
        do {
            return Response(status: 200, body: .object(["jwt": .string(try issuer.exchange(userToken: token))]))
        } catch {
            return failure(401, error)
        }
    }

    private func failure(_ status: Int, _ error: IdentityError) -> Response {
        Response(status: status, body: .object(["error": error.json]), error: error)
    }

    /// The single value of `field` in an urlencoded form (`+` is a space, `%XX` escapes decoded).
    /// `token_missing` when absent, `token_malformed` when repeated or badly escaped.
    public static func formValue(_ field: String, in body: String) -> Result<String, IdentityError> {
        var found: [String] = []
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(parts[0]) else {
                return .failure(malformedForm("A form field name is not valid percent-encoding."))
            }
            guard name == field else { continue }
            guard let value = decodeComponent(parts.count > 1 ? parts[1] : "") else {
                return .failure(malformedForm("The \(field) value is not valid percent-encoding."))
            }
            found.append(value)
        }
        guard found.count <= 1 else { return .failure(malformedForm("The form has \(found.count) \(field) fields; send one.")) }
        guard let value = found.first, !value.isEmpty else {
            return .failure(IdentityError(
                .tokenMissing, field: field, message: "The form has no \(field) field.",
                recovery: "POST \(field)=<the token the app passed to Identity.createJwt>."))
        }
        return .success(value)
    }

    private static func decodeComponent(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static func malformedForm(_ message: String) -> IdentityError {
        IdentityError(.tokenMalformed, field: ZendeskSupportLimits.userTokenFormField, message: message,
                      recovery: "Send exactly one user_token field, percent-encoded.")
    }
}
