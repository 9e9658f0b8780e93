#if TokenService
import IdentityBridge

/// The verify route.
extension ServiceHandlers {
    /// `POST .../verify`: the object `identityctl verify` prints (`valid` true or false).
    func verify<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let headers = request.headers
        try requireAPIKey(served, headers)
        let instance = try instance(served, request)
        let bytes = try await Self.body(request, limit: served.service.bodyLimit)
        try Self.requireContentType(headers, Self.json)
        let object = try Self.jsonObject(bytes)
        guard let token = try Self.string(object, "token"), !token.isEmpty else {
            throw ServiceFailure(
                IdentityError(.tokenMissing, field: "token", message: "The body has no \"token\".", recovery: "Send {\"token\": \"...\"}."))
        }
        let userId = try Self.string(object, "user_id")
        let email = try Self.string(object, "email")
        let user = (userId != nil || email != nil) ? UserIdentity(userId: userId, email: email) : nil
        let reference = instance.instance.reference
        do throws(IdentityError) {
            let verified = try await ServiceTracing.span(tracer, "identitybridge.credential.verify", provider: reference) {
                () throws(IdentityError) in try instance.issuer.verify(token, for: user)
            }
            var result: [String: JSONValue] = ["valid": true, "claims": .object(verified.claims)]
            if let keyID = verified.keyID { result["key_id"] = .string(keyID) }
            return .json(200, .object(result))
        } catch {
            request.record.code = error.code
            return .json(200, ["valid": false, "error": error.attributed(to: reference).json])
        }
    }
}
#endif
