public import Logging

/// The logic of the customer's JWT endpoint (Zendesk Support's "JWT endpoint"), independent of
/// any HTTP server and of any vendor: the vendor POSTs `FIELD=<token>` as
/// `application/x-www-form-urlencoded`; the endpoint answers `200 {"jwt": "..."}`, `400` for a
/// malformed request, or `401` when the token cannot be exchanged.
///
/// Two modes:
/// - ``Mode/userToken``: the token is the library's own short-lived user token (what
///   `CredentialIssuer/issue(for:)` returned to the app); it is read and exchanged.
/// - ``Mode/resolveUser(_:)``: the token is the app's own session token; the caller's closure maps it
///   to a `UserIdentity` (or throws, e.g. `token_invalid`), and the JWT is minted for that user.
///
/// ```swift
/// let exchanger = try configuration.makeTokenExchanger(app: "demo", provider: "zendesk-support")
/// let endpoint = TokenExchangeEndpoint(exchanger: exchanger)
/// let response = await endpoint.handle(formBody: body, contentType: request.headers["Content-Type"])
/// // respond with response.status and response.bodyText (application/json)
/// ```
public struct TokenExchangeEndpoint: Sendable {
    /// How the posted token becomes a user.
    public enum Mode: Sendable {
        /// The token is a user token issued by this library.
        case userToken
        /// The token is the app's own session token; the closure returns its user.
        case resolveUser(@Sendable (String) async throws(IdentityError) -> UserIdentity)
    }

    /// An HTTP answer: status and JSON body.
    public struct Response: Hashable, Sendable {
        /// 200, 400, 401, 413, 415 or 422 (see `IdentityError/httpStatus`).
        public var status: Int
        /// `{"jwt": ...}` or `{"error": {...}}` (the uniform error's JSON).
        public var body: JSONValue
        /// The error behind a failure.
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

    /// The media type of the request body.
    package static let formContentType = "application/x-www-form-urlencoded"
    /// The largest request body accepted by default (bytes).
    public static let defaultBodyLimit = 65_536

    /// The exchanger that mints the vendor JWT.
    public let exchanger: any TokenExchanging
    /// How the posted token becomes a user.
    public let mode: Mode
    /// The largest body accepted (bytes); larger is 413.
    public let bodyLimit: Int
    /// Where outcomes are logged (code and field in metadata; never the token).
    public let logger: Logger

    /// Creates the endpoint logic.
    public init(
        exchanger: any TokenExchanging, mode: Mode = .userToken, bodyLimit: Int = TokenExchangeEndpoint.defaultBodyLimit,
        logger: Logger = Logger(label: "IdentityBridge.jwt-endpoint")
    ) {
        self.exchanger = exchanger
        self.mode = mode
        self.bodyLimit = bodyLimit
        self.logger = logger
    }

    /// Handles a request body given as bytes.
    public func handle(formBody: [UInt8], contentType: String?) async -> Response {
        guard formBody.count <= bodyLimit else {
            return failure(
                413,
                IdentityError(
                    .limitExceeded, field: "body", message: "The request body is \(formBody.count) bytes; the limit is \(bodyLimit).",
                    recovery: "Send only \(exchanger.exchangeFormField)=<token>.", provider: exchanger.provider))
        }
        guard let text = String(validating: formBody, as: UTF8.self) else {
            return failure(
                400,
                IdentityError(
                    .tokenMalformed, field: "body", message: "The request body is not UTF-8 text.",
                    recovery: "Send \(exchanger.exchangeFormField)=<token> as \(Self.formContentType).", provider: exchanger.provider))
        }
        return await handle(formBody: text, contentType: contentType)
    }

    /// Handles a request body given as text.
    public func handle(formBody: String, contentType: String?) async -> Response {
        guard FormBody.mediaType(contentType) == Self.formContentType else {
            return failure(
                415,
                IdentityError(
                    .invalidValueType, field: "Content-Type",
                    message: "The JWT endpoint expects \(Self.formContentType), not \(FormBody.describe(contentType: contentType)).",
                    recovery: "POST the token as a form field.", provider: exchanger.provider))
        }
        let token: String
        do throws(IdentityError) {
            token = try FormBody.value(exchanger.exchangeFormField, in: formBody)
        } catch {
            return failure(400, error.attributed(to: exchanger.provider))
        }
        do throws(IdentityError) {
            let jwt: String
            switch mode {
            case .userToken:
                jwt = try exchanger.exchange(userToken: token)
            case .resolveUser(let resolve):
                let user: UserIdentity
                do throws(IdentityError) { user = try await resolve(token) } catch {
                    // Whatever the resolver threw, the caller's token was refused.
                    throw error.code.httpStatus == 401
                        ? error
                        : IdentityError(
                            .tokenInvalid, field: exchanger.exchangeFormField, message: error.message, recovery: error.recovery,
                            provider: error.provider)
                }
                jwt = try exchanger.exchange(user: user)
            }
            logger.debug("user token exchanged", metadata: ["instance": "\(exchanger.provider.name)"])
            return Response(status: 200, body: .object(["jwt": .string(jwt)]))
        } catch {
            let error = error.attributed(to: exchanger.provider)
            return failure(error.httpStatus == 422 ? 422 : 401, error)
        }
    }

    private func failure(_ status: Int, _ error: IdentityError) -> Response {
        var metadata: Logger.Metadata = ["status": "\(status)", "code": "\(error.code.rawValue)", "instance": "\(exchanger.provider.name)"]
        if let field = error.field { metadata["field"] = "\(field)" }
        if let vendorCode = error.vendorCode { metadata["vendor_code"] = "\(vendorCode)" }
        logger.info("user token refused", metadata: metadata)
        return Response(status: status, body: .object(["error": error.json]), error: error)
    }
}
