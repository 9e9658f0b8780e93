#if TokenService
import Logging
import IdentityBridge

/// The caller's proof: an API key of the app, or a session token of its users.
extension ServiceHandlers {

    /// Who proved themselves with the `Authorization` header.
    enum Caller {
        /// The app's backend (an API key).
        case backend
        /// A signed-in user (the app's session JWT).
        case user(UserIdentity)
    }

    /// The bearer token of the `Authorization` header: `Bearer` in any letter case (RFC 9110), a
    /// space, then the token after any further spaces.
    static func bearer(_ headers: ServiceRequestHeaders) throws(ServiceFailure) -> Substring {
        guard let header = headers.authorization, !header.isEmpty else {
            throw ServiceFailure(
                401,
                IdentityError(
                    .tokenMissing, field: "Authorization", message: "The request has no Authorization header.",
                    recovery: "Send 'Authorization: Bearer <API key or session token>'."))
        }
        let scalars = header.unicodeScalars
        var token: Substring = ""
        if let space = scalars.firstIndex(of: " "), String(scalars[..<space]).lowercased() == "bearer" {
            token = header[(scalars[space...].firstIndex { $0 != " " } ?? scalars.endIndex)...]
        }
        guard !token.isEmpty else {
            throw ServiceFailure(
                401,
                IdentityError(
                    .tokenMissing, field: "Authorization", message: "The Authorization header is not 'Bearer <token>'.",
                    recovery: "Send 'Authorization: Bearer <API key or session token>'."))
        }
        return token
    }

    /// Checks the API key (constant time) of a route that accepts nothing else. Synchronous: the
    /// common case costs no async frame.
    func requireAPIKey(_ served: ServedApp, _ headers: ServiceRequestHeaders) throws(ServiceFailure) {
        let token = try bearer(served, headers)
        guard served.apiKeys.contains(token) else {
            metrics?.recordAuthRefusal(app: served.name, credential: .apiKey, code: .tokenInvalid)
            throw Self.notAnAPIKey(served, allowSession: false)
        }
    }

    /// ``bearer(_:)``, a missing token counted as a refusal of `served`'s API keys.
    func bearer(_ served: ServedApp, _ headers: ServiceRequestHeaders) throws(ServiceFailure) -> Substring {
        do {
            return try Self.bearer(headers)
        } catch {
            metrics?.recordAuthRefusal(app: served.name, credential: .apiKey, code: error.error.code)
            throw error
        }
    }

    /// The user of a session token, or 401 when `token` is neither that nor an API key.
    func sessionCaller(_ served: ServedApp, _ token: Substring) async throws(ServiceFailure) -> Caller {
        // Only a JWT-shaped token can be a session token; anything else is a wrong API key.
        if let verifier = served.sessionVerifier, token.utf8.count <= DecodedJWT.defaultMaxLength,
            token.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2
        {
            do throws(IdentityError) {
                return .user(
                    try await ServiceTracing.span(tracer, "identitybridge.session_token.verify") { () throws(IdentityError) in
                        try await verifier.verify(String(token))
                    })
            } catch {
                metrics?.recordAuthRefusal(app: served.name, credential: .sessionToken, code: error.code)
                logger.info("session token refused", metadata: ["app": "\(served.name)", "code": "\(error.code.rawValue)"])
                // The issuer's keys cannot be had (never fetched, or out of date past max_stale): 503, the reason in the message.
                if error.code == .networkError { throw ServiceFailure(503, error) }
                // One uniform code for the caller (the reason stays in the message): token_invalid.
                throw ServiceFailure(
                    401,
                    IdentityError(.tokenInvalid, field: error.field ?? "Authorization", message: error.message, recovery: error.recovery))
            }
        }
        metrics?.recordAuthRefusal(app: served.name, credential: .apiKey, code: .tokenInvalid)
        throw Self.notAnAPIKey(served, allowSession: true)
    }

    /// 401 `token_invalid`: the bearer token is none of the app's API keys (nor a session token).
    static func notAnAPIKey(_ served: ServedApp, allowSession: Bool) -> ServiceFailure {
        ServiceFailure(
            401,
            IdentityError(
                .tokenInvalid, field: "Authorization", message: "The bearer token is not an API key of app \"\(served.name)\".",
                recovery: "Send one of the app's API keys\(served.sessionVerifier != nil && allowSession ? " or a session token" : "")."))
    }
}
#endif
