#if TokenService
import NIOCore
import IdentityBridge

/// The credentials route.
extension ServiceHandlers {
    /// `POST .../credentials`: the credential `identityctl token` prints.
    func credentials<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let headers = request.headers
        // An API key (constant time) is checked in place; only a session token awaits its verifier.
        let token = try bearer(served, headers)
        let caller = served.apiKeys.contains(token) ? Caller.backend : try await sessionCaller(served, token)
        let instance = try instance(served, request)
        let bytes = try await Self.body(request, limit: served.service.bodyLimit)
        let user: UserIdentity
        switch caller {
        case .user(let claims):
            // The session token's claims are the user; a body, if any, must be JSON but never overrides them.
            if bytes.readableBytes > 0 {
                try Self.requireContentType(headers, Self.json)
                _ = try Self.jsonObject(bytes)
            }
            user = claims
        case .backend:
            try Self.requireContentType(headers, Self.json)
            let object = try Self.jsonObject(bytes)
            user = UserIdentity(
                userId: try Self.string(object, "user_id"), email: try Self.string(object, "email"), name: try Self.string(object, "name"))
        }
        let credential: Credential
        let reference = instance.instance.reference
        do throws(IdentityError) {
            credential = try await ServiceTracing.span(tracer, "identitybridge.credential.issue", provider: reference) {
                () throws(IdentityError) in try instance.issuer.issue(for: user)
            }
        } catch {
            throw ServiceFailure(error.attributed(to: reference))
        }
        return .json(200, bytes: instance.answer.bytes(for: credential))
    }
}
#endif
