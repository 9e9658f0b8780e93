#if Vapor && TokenService
import IdentityBridgeService
public import Vapor

/// The middleware of ``IdentityBridgeVaporRoutes/middleware``: the uniform answer to the requests no
/// route matched, in the routes' request frame.
public struct IdentityBridgeVaporMiddleware: AsyncMiddleware {
    let instrumentation: ServiceInstrumentation

    /// Answers a request no route matched; passes any other on.
    public func respond(to request: Vapor.Request, chainingTo next: any AsyncResponder) async throws -> Vapor.Response {
        // Vapor runs app middleware after routing: `route` is set for a matched request, `nil` for one no route matched.
        guard request.route == nil else { return try await next.respond(to: request) }
        return Vapor.Response(await instrumentation.answerUnrouted(VaporFrameRequest(request: request)))
    }
}
#endif
