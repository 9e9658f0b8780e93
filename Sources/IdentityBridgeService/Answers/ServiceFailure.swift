#if TokenService
package import HTTPTypes
package import IdentityBridge

/// A failed request: the HTTP status and the uniform error its body carries (`{"error": {...}}`),
/// whichever front end answers it (the request frame turns it into a ``ServiceAnswer``).
package struct ServiceFailure: Error, Sendable {
    package let status: HTTPResponse.Status
    package let error: IdentityError

    package init(_ status: Int, _ error: IdentityError) {
        self.status = HTTPResponse.Status(code: status)
        self.error = error
    }

    /// A failure whose status is the error code's own (``IdentityError/httpStatus``).
    package init(_ error: IdentityError) { self.init(error.httpStatus, error) }
}
#endif
