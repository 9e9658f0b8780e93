import Hummingbird
@_spi(Primitives) import IdentityBridge

/// The credentials route's required work and nothing more: check the Bearer API key (compared in constant
/// time), read the JSON body, issue the instance's credential, answer
/// it as the service does. No routing to instances by path, no uniform error bodies, no metrics, no
/// logs: `Benchmarks/service-load.sh` runs it beside the service and the constant body, so the
/// gap between the bare route and this one is the cost of the route's purpose on the machine at hand.
struct MinimalCredentialsRoute: Sendable {
    let apiKeys: [[UInt8]]
    let issuer: any CredentialIssuer
    let app: String
    let reference: ProviderReference
    let bodyLimit: Int

    /// The route of app `app`'s instance `provider`; the app must have a `service:` section (its API keys and body limit).
    init(configuration: IdentityConfiguration, app: String, provider: String) throws(IdentityError) {
        let instance = try configuration.instance(app: app, provider: provider)
        guard let service = configuration.serviceKeys(app: app) else {
            throw IdentityError(
                .configurationInvalid, field: "service", message: "App \"\(app.prefix(64))\" has no 'service:' section.",
                recovery: "Add one with its api_keys, as the token service needs.")
        }
        self.apiKeys = service.apiKeys.map(\.revealedBytes)
        self.issuer = try instance.makeIssuer(context: IssuerContext())
        self.app = app
        self.reference = instance.reference
        self.bodyLimit = service.bodyLimit
    }

    /// 200 with the credential; a bare 401, 400 or 422 (no body) when the key, the body or the user is refused.
    func respond(_ request: Request) async throws -> Response {
        let authorization = request.headers[.authorization] ?? ""
        let presented = Array(authorization.utf8.dropFirst(7))
        guard authorization.hasPrefix("Bearer "), apiKeys.contains(where: { HMACDigest.constantTimeEquals($0, presented) }) else {
            return Response(status: .unauthorized)
        }
        let body = try await request.body.collect(upTo: bodyLimit)
        guard let members = (try? Primitives.parseJSON(Array(buffer: body)))?.objectValue else { return Response(status: .badRequest) }
        let user = UserIdentity(
            userId: members["user_id"]?.stringValue, email: members["email"]?.stringValue, name: members["name"]?.stringValue)
        guard let credential = try? issuer.issue(for: user) else { return Response(status: .unprocessableContent) }
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(
                byteBuffer: ByteBuffer(bytes: Primitives.credentialAnswer(app: app, reference: reference, credential: credential))))
    }
}
