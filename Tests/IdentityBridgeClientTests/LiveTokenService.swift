import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeClient
import IdentityBridgeHummingbird
import IdentityBridgeService
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import Logging
import Synchronization
import Testing

/// A real `TokenService` over a configuration with one instance of each built-in kind, served in
/// process on loopback; a middleware counts the credential requests that reach it.
struct LiveTokenService: Sendable {
    static let apiKey = "client-test-api-key-0123456789abcdef"
    static let sessionSecret = "client-test-session-secret-0123456789abcdef"
    static let issuer = "https://auth.example.com"
    static let audience = "demo-mobile"
    static let variables: [String: String] = [
        "DEMO_API_KEY": apiKey, "AUTH_HS256_SECRET": sessionSecret,
        "HELPSHIFT_SECRET": "client-test-helpshift-secret-0123456789abcdef",
        "HELPSHIFT_IDENTITY_SECRET": "client-test-helpshift-identity-secret-0123456789",
        "ZENDESK_SUPPORT_SECRET": "client-test-zendesk-support-secret-0123456789ab",
        "ZENDESK_CHAT_ACCOUNT_KEY": "client-test-chat-account-key-0123456789",
        "ZENDESK_CHAT_SECRET": "client-test-zendesk-chat-secret-0123456789abcdef",
        "ZENDESK_MESSAGING_SECRET": "client-test-zendesk-messaging-secret-0123456789",
    ]
    static let yaml = """
        apps:
          demo:
            service:
              api_keys: [ "${DEMO_API_KEY}" ]
              session_tokens:
                hs256_secrets: [ "${AUTH_HS256_SECRET}" ]
                issuer: \(issuer)
                audience: \(audience)
                claims: { user_id: sub, email: email, name: name }
            providers:
              - kind: helpshift
                identity_verification: true
                secret: ${HELPSHIFT_SECRET}
                identity_system: true
                identity_secret: ${HELPSHIFT_IDENTITY_SECRET}
              - kind: zendesk-support
                auth: jwt
                secret: ${ZENDESK_SUPPORT_SECRET}
              - kind: zendesk-chat
                name: chat
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
                token_lifetime: 5m
              - kind: zendesk-messaging
                signing_keys:
                  - key_id: app_client_test_key_0123456789abcdef
                    secret: ${ZENDESK_MESSAGING_SECRET}
        """

    static let helpshift = ProviderReference(kind: "helpshift")
    static let support = ProviderReference(kind: "zendesk-support")
    static let chat = ProviderReference(kind: "zendesk-chat", name: "chat")
    static let messaging = ProviderReference(kind: "zendesk-messaging")
    static let all = [helpshift, support, chat, messaging]

    let directory: URL
    let configuration: IdentityConfiguration
    var configPath: String { directory.appendingPathComponent("service.yaml").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.yaml.write(to: directory.appendingPathComponent("service.yaml"), atomically: true, encoding: .utf8)
        configuration = try Self.loader.load(path: directory.appendingPathComponent("service.yaml").path)
    }

    static var loader: ConfigurationLoader { TestConfiguration.loader(variables: variables) }

    /// The app's session JWT for `user` (the mobile case: the service takes the user from its claims).
    static func sessionToken(for user: UserIdentity) -> String {
        var claims: [String: JSONValue] = [
            "iss": .string(issuer), "aud": .string(audience), "exp": .int(Int64(Date().timeIntervalSince1970) + 600),
        ]
        if let id = user.userId { claims["sub"] = .string(id) }
        if let email = user.email { claims["email"] = .string(email) }
        if let name = user.name { claims["name"] = .string(name) }
        return HS256Signer(secret: Secret(sessionSecret)).sign(claims: claims)
    }

    /// Starts the service on a free loopback port, runs `body` with its base URL and request
    /// counter, and stops it.
    func serve(_ body: @Sendable (URL, RequestCounter) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "test.client.service")
        logger.logLevel = .warning
        let service = TokenService(configPath: configPath, loader: Self.loader, logger: logger)
        try await service.start()
        let counter = RequestCounter()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: CountingMiddleware(counter: counter))
        router.addRoutes(IdentityBridgeRoutes(state: service.state, metrics: service.metrics, logger: logger).collection())
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)")!, counter)
        }
    }

    /// A client of the service at `baseURL` that proves itself with `proof`.
    static func client(
        _ baseURL: URL, proof: @escaping CallerProofSource = { _ in .apiKey(apiKey) }, clock: any ClientClock = SystemClientClock(),
        retry: CredentialClient.RetryPolicy = .init(maxRetries: 2, initialDelay: 0.05, maximumDelay: 0.2), timeout: TimeInterval = 5
    ) -> CredentialClient {
        CredentialClient(
            configuration: .init(
                baseURL: baseURL, app: "demo", timeout: timeout, retry: retry, clock: clock,
                logger: Logger(label: "test.client", factory: { _ in SwiftLogNoOpLogHandler() })),
            proof: proof)
    }
}

/// Counts the credential requests that reach the service, by provider.
final class RequestCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func add(_ path: String) { counts.withLock { $0[path, default: 0] += 1 } }
    /// Requests to `/v1/apps/demo/providers/{provider}/credentials`.
    func credentials(_ provider: String) -> Int { counts.withLock { $0["/v1/apps/demo/providers/\(provider)/credentials"] ?? 0 } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}

struct CountingMiddleware<Context: RequestContext>: RouterMiddleware {
    let counter: RequestCounter
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        counter.add(request.uri.path)
        return try await next(request, context)
    }
}
