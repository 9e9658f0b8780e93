#if TokenService
import IdentityBridge

extension ServiceFailure {
    /// 404 `not_found` (field `path`): no route serves the path.
    package static let noSuchRoute = ServiceFailure(
        404, IdentityError(.notFound, field: "path", message: "No such route.", recovery: "See the service's OpenAPI document."))

    /// 413 `limit_exceeded` (field `body`): a body over a limit the front end enforced before the handlers.
    package static let bodyTooLarge = ServiceFailure(
        413, IdentityError(.limitExceeded, field: "body", message: "The request body is over the limit.", recovery: "Send a smaller body."))

    /// 400 `invalid_value_type` (field `body`): a request the front end could not parse.
    package static let malformedRequest = ServiceFailure(
        400, IdentityError(.invalidValueType, field: "body", message: "The request is malformed.", recovery: "Fix the request."))

    /// The uniform failure for an error thrown past a handler: a ``ServiceFailure`` as it is, anything else 503 with
    /// no detail (a front end maps its framework's own errors to a ``ServiceFailure`` or ``UnmatchedRoute`` first).
    package static func mapping(_ error: any Error) -> ServiceFailure {
        if let failure = error as? ServiceFailure { return failure }
        return ServiceFailure(
            503,
            IdentityError(.unknown, message: "The request could not be served.", recovery: "Retry later; the service logged the cause."))
    }
}
#endif
