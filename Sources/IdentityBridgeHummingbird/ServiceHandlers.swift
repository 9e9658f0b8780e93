#if TokenService
import Foundation
import Hummingbird
import IdentityBridge
package import Logging
import NIOCore
package import Tracing

/// The handlers behind every front end (``IdentityBridgeRoutes`` for Hummingbird, `IdentityBridgeVaporRoutes`
/// for Vapor): each answers a ``ServiceAnswer`` for any ``ServiceRequest`` (failures as ``ServiceFailure``),
/// reading the snapshot once so a reload never changes a request midway. The contract's logic is written here
/// once; a front end only turns its request into a ``ServiceRequest`` and the answer into its response.
package struct ServiceHandlers: Sendable {
    /// The live configuration.
    package let state: ServiceState
    /// `/metrics`' source; `nil` serves no `/metrics` (404).
    package let metrics: ServiceMetrics?
    /// Where refusals are logged.
    package let logger: Logger
    /// The tracer of the child spans (signing, a session token's verification); `nil`: none.
    let tracer: (any Tracer)?

    package init(state: ServiceState, metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)? = nil) {
        self.state = state
        self.metrics = metrics
        self.logger = logger
        self.tracer = tracer
    }

    /// `route`'s answer to `request`, whichever front end received it; a failure's code lands in the request's record.
    package func respond<Body: ServiceRequestBody>(_ route: ServiceRoute, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        do {
            return try await answer(route, request)
        } catch {
            request.record.code = error.error.code
            throw error
        }
    }

    /// `route`'s answer to `request`.
    func answer<Body: ServiceRequestBody>(_ route: ServiceRoute, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        switch route {
        case .instance(let operation): return try await handle(operation, request)
        case .healthz: return .json(200, ["status": "alive"])
        case .readyz: return ready()
        case .metrics:
            guard let metrics else { throw .noSuchRoute }
            metrics.updateBeforeScrape(state: state)
            return ServiceAnswer(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ByteBuffer(bytes: metrics.exposition()))
        }
    }

    /// `/readyz`: 200 once a configuration is loaded, with the generation serving (a counter of the
    /// snapshots swapped in, and the digest of the inputs it was loaded from; never a secret), and
    /// `reload_refused` (each problem's file, line, column and message) while the latest reload was
    /// refused: the instance still serves the previous generation, so it stays ready (a probe that
    /// failed would pull every instance that saw the same broken files out of rotation at once).
    /// 503 again once the service drains, with `Connection: close`: the balancer's kept-alive probe
    /// connection is let go at once (the drain flag is set before the server quiesces its connections).
    func ready() -> ServiceAnswer {
        if state.isDraining {
            return .failure(
                ServiceFailure(
                    503,
                    IdentityError(
                        .unknown, message: "The service is shutting down.", recovery: "Send requests to another instance.")),
                headers: [.connection: "close"])
        }
        guard let served = state.served else {
            return .failure(
                ServiceFailure(
                    503,
                    IdentityError(
                        .configurationInvalid, message: "No configuration is loaded.", recovery: "Wait for the service to load one.")))
        }
        var body: [String: JSONValue] = [
            "status": "ready", "apps": .int(Int64(served.snapshot.servedApps.count)), "generation": .int(Int64(served.generation)),
            "inputs_digest": .string(served.snapshot.configuration.inputs.digest),
        ]
        if let refusal = state.reloadRefusal { body["reload_refused"] = refusal.json }
        // The provider being down is not this instance's fault (every instance sees it): shown, still ready.
        let sessionKeys = served.snapshot.sessionKeyStatus
        if !sessionKeys.isEmpty { body["session_keys"] = .array(sessionKeys) }
        return .json(200, .object(body))
    }

    /// One instance operation at `/v1/apps/{app}/providers/{provider}/...`.
    func handle<Body: ServiceRequestBody>(_ operation: ServiceRoute.Operation, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let app = request.app
        guard let snapshot = state.snapshot, let served = snapshot.apps[app] else {
            throw Self.notFound("app", "No app \"\(app.prefix(64))\" is served here.")
        }
        request.record.app = served.name
        // A provider the app serves labels and attributes the request whatever its outcome (a refused key or token,
        // a body too large, a provider outage), not only once the handler reaches it.
        if let named = served.instances[request.provider] { request.record.provider = named.instance.reference }
        switch operation {
        case .jwt: return try await exchange(served, request)
        case .credentials: return try await credentials(served, request)
        case .verify: return try await verify(served, request)
        case .events: return try await events(served, request)
        }
    }

    static func notFound(_ field: String, _ message: String) -> ServiceFailure {
        ServiceFailure(
            404,
            IdentityError(
                .notFound, field: field, message: message, recovery: "Use an app and provider the service configures."))
    }

    func instance<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) throws(ServiceFailure) -> ServedInstance {
        guard let instance = served.instances[request.provider] else {
            throw Self.notFound(
                "provider",
                "App \"\(served.name)\" has no provider \"\(request.provider.prefix(64))\"; it serves \(served.providerList).")
        }
        request.record.provider = instance.instance.reference
        return instance
    }

    // MARK: Caller authentication

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

    // MARK: Bodies

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
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge()
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

    // MARK: Routes

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

    /// `POST .../jwt`: the vendor's JWT endpoint (the user token is the proof). A session JWT of
    /// the app (recognised by its `iss`) is verified and resolved to its user; any other token is
    /// exchanged as the library's own user token.
    func exchange<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let headers = request.headers
        let instance = try instance(served, request)
        let exchanger: any TokenExchanging
        switch instance.exchanger {
        case .success(let found): exchanger = found
        case .failure(let error): throw ServiceFailure(404, error.attributed(to: instance.instance.reference))
        }
        let bytes = try await Self.body(request, limit: served.service.bodyLimit)
        var mode = TokenExchangeEndpoint.Mode.userToken
        if let verifier = served.sessionVerifier, let text = String(validating: bytes.readableBytesView, as: UTF8.self),
            let token = try? FormBody.value(exchanger.exchangeFormField, in: text), verifier.claimsIssuer(token)
        {
            let (tracer, metrics, app) = (self.tracer, self.metrics, served.name)
            mode = .resolveUser { token throws(IdentityError) in
                do throws(IdentityError) {
                    return try await ServiceTracing.span(tracer, "identitybridge.session_token.verify") { () throws(IdentityError) in
                        try await verifier.verify(token)
                    }
                } catch {
                    metrics?.recordAuthRefusal(app: app, credential: .sessionToken, code: error.code)
                    throw error
                }
            }
        }
        let endpoint = TokenExchangeEndpoint(exchanger: exchanger, mode: mode, bodyLimit: served.service.bodyLimit, logger: logger)
        let response = await ServiceTracing.span(tracer, "identitybridge.token.exchange", provider: instance.instance.reference) {
            () async -> TokenExchangeEndpoint.Response in
            let response = await endpoint.handle(formBody: Array(bytes.readableBytesView), contentType: headers.contentType)
            if let error = response.error { ServiceTracing.annotateFailure(error.code) }
            return response
        }
        if let error = response.error { request.record.code = error.code }
        return .json(response.status, text: response.bodyText)
    }

    /// `POST .../events`: JSON lines of raw vendor events in, JSON lines of uniform events out.
    func events<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let headers = request.headers
        try requireAPIKey(served, headers)
        let instance = try instance(served, request)
        let reference = instance.instance.reference
        guard let mapping = instance.instance.plugin as? any VendorEventMapping else {
            throw ServiceFailure(
                404,
                IdentityError(
                    .unsupportedOperation, field: "provider", message: "The \(reference.kind) plugin does not map vendor events.",
                    recovery: "Use an instance whose vendor SDK emits events.", provider: reference))
        }
        let bytes = try await Self.body(request, limit: served.service.bodyLimit)
        try Self.requireContentType(headers, VendorEventLines.mediaTypes)
        guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else {
            throw ServiceFailure(
                400,
                IdentityError(
                    .invalidValueType, field: "body", message: "The request body is not UTF-8 text.", recovery: "Send JSON lines."))
        }
        let now = instance.clock.now()
        let lines = VendorEventLines.map(text, outputLimit: VendorEventLines.outputLimit(bodyLimit: served.service.bodyLimit)) {
            name, data throws(IdentityError) in
            try mapping.mapVendorEvent(name: name, data: data, provider: reference, timestamp: now)
        }
        return .json(200, text: lines, contentType: "application/x-ndjson")
    }
}
#endif
