import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import InMemoryLogging
import JWTKit
import Logging
import Testing
import Tracing
import _CryptoExtras

/// A configuration with a served app (`demo`: API keys, a 4 KiB body limit, session tokens with an
/// ES256 + RS256 JWK Set and an HS256 secret) and an app without `service:` (`hidden`), written to
/// a temporary folder, and the keys that sign session tokens.
struct ServiceFixture: Sendable {
    static let apiKey = "test-api-key-current-0123456789abcdef"
    static let previousAPIKey = "test-api-key-previous-0123456789abcdef"
    static let hs256Secret = "test-session-hs256-secret-0123456789abcdef"
    static let issuer = "https://auth.example.com"
    static let audience = "demo-mobile"

    static let variables: [String: String] = [
        "DEMO_API_KEY": apiKey, "DEMO_API_KEY_PREVIOUS": previousAPIKey, "AUTH_HS256_SECRET": hs256Secret,
        "HELPSHIFT_SECRET": "test-helpshift-secret-0123456789abcdef0123",
        "ZENDESK_SUPPORT_SECRET": "test-zendesk-support-secret-0123456789abcd",
        "ZENDESK_CHAT_ACCOUNT_KEY": "test-chat-account-key-0123456789",
        "ZENDESK_CHAT_SECRET": "test-zendesk-chat-secret-0123456789abcdef",
    ]

    static func yaml(bodyLimit: String = "4KiB", apiKeyVariable: String = "DEMO_API_KEY") -> String {
        """
        apps:
          demo:
            service:
              api_keys: [ "${\(apiKeyVariable)}", "${DEMO_API_KEY_PREVIOUS}" ]
              body_limit: \(bodyLimit)
              session_tokens:
                keys_file: auth-keys.json
                hs256_secrets: [ "${AUTH_HS256_SECRET}" ]
                issuer: \(issuer)
                audience: \(audience)
                leeway: 60s
                claims: { user_id: sub, email: email, name: name }
            providers:
              - kind: helpshift
                secret: ${HELPSHIFT_SECRET}
              - kind: zendesk-support
                auth: jwt
                secret: ${ZENDESK_SUPPORT_SECRET}
              - kind: zendesk-chat
                name: chat
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
          hidden:
            providers:
              - kind: zendesk-chat
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
        """
    }

    let directory: URL
    let es256 = ES256PrivateKey()
    let rs256: JWTKit.Insecure.RSA.PrivateKey
    let keys: JWTKeyCollection

    var configPath: String { directory.appendingPathComponent("service.yaml").path }

    init(yaml: String = ServiceFixture.yaml()) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        rs256 = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let ec = try #require(es256.publicKey.parameters)
        let rsa = try rs256.publicKey.getKeyPrimitives()
        let jwks: JSONValue = [
            "keys": [
                ["kty": "EC", "crv": "P-256", "alg": "ES256", "kid": "ec-1", "x": .string(ec.x), "y": .string(ec.y)],
                [
                    "kty": "RSA", "alg": "RS256", "kid": "rsa-1", "n": .string(rsa.modulus.base64URLEncodedString()),
                    "e": .string(rsa.publicExponent.base64URLEncodedString()),
                ],
            ]
        ]
        try jwks.jsonString.write(to: directory.appendingPathComponent("auth-keys.json"), atomically: true, encoding: .utf8)
        keys = JWTKeyCollection()
        try write(yaml)
        await keys.add(ecdsa: es256, kid: "ec-1")
        await keys.add(rsa: rs256, digestAlgorithm: .sha256, kid: "rsa-1")
        await keys.add(hmac: HMACKey(from: Self.hs256Secret), digestAlgorithm: .sha256, kid: "hs")
    }

    func write(_ yaml: String) throws {
        try yaml.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    static var loader: ConfigurationLoader { TestConfiguration.loader(variables: variables) }

    /// A started service over the fixture's configuration.
    func service() async throws -> TokenService {
        var logger = Logger(label: "test.service")
        logger.logLevel = .warning
        let service = TokenService(configPath: configPath, loader: Self.loader, logger: logger)
        try await service.start()
        return service
    }

    /// A started service over the fixture's configuration whose log lines at `level` and above `capture` keeps, with
    /// `tracer` when given.
    func capturingService(level: Logger.Level, tracer: (any Tracer)? = nil) async throws -> (
        service: TokenService, capture: InMemoryLogHandler
    ) {
        var capture = InMemoryLogHandler()
        capture.logLevel = level
        let logger = Logger(label: "test.capture") { [capture] _ in capture }
        let service = TokenService(configPath: configPath, loader: Self.loader, logger: logger, tracer: tracer)
        try await service.start()
        return (service, capture)
    }

    /// A session JWT signed by `kid` (`ec-1`, `rsa-1` or `hs`) with these claims.
    func sessionToken(
        kid: String = "ec-1", sub: String = "u-42", email: String? = "ann@example.com", name: String? = "Ann Example",
        iss: String = ServiceFixture.issuer, aud: String = ServiceFixture.audience, expiresIn: TimeInterval = 600
    ) async throws -> String {
        let payload = TestSessionPayload(
            sub: SubjectClaim(value: sub), iss: IssuerClaim(value: iss), aud: AudienceClaim(value: [aud]),
            exp: ExpirationClaim(value: Date().addingTimeInterval(expiresIn)), email: email, name: name)
        return try await keys.sign(payload, kid: JWKIdentifier(string: kid))
    }
}

struct TestSessionPayload: JWTPayload {
    var sub: SubjectClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var email: String?
    var name: String?
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension Data {
    func base64URLEncodedString() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Sends requests to a service's router and decodes JSON answers.
struct ServiceClient {
    let client: any TestClientProtocol

    struct Answer {
        let status: Int
        let text: String
        let headers: HTTPFields
        var json: JSONValue { (try? JSONValue.parse(text)) ?? .null }
        var errorCode: String? { json["error"]?["code"]?.stringValue }
        var errorField: String? { json["error"]?["field"]?.stringValue }
    }

    func post(
        _ path: String, body: String = "", contentType: String? = "application/json", bearer: String? = ServiceFixture.apiKey,
        method: HTTPRequest.Method = .post, headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if let contentType { headers[.contentType] = contentType }
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return try await client.execute(uri: path, method: method, headers: headers, body: ByteBuffer(string: body)) { response in
            Answer(status: Int(response.status.code), text: String(buffer: response.body), headers: response.headers)
        }
    }

    func get(_ path: String) async throws -> Answer {
        try await client.execute(uri: path, method: .get) { response in
            Answer(status: Int(response.status.code), text: String(buffer: response.body), headers: response.headers)
        }
    }
}

/// Runs `test` against `service`'s router (HummingbirdTesting `.router`).
func withRouterOf(_ service: TokenService, _ test: @Sendable (ServiceClient) async throws -> Void) async throws {
    let app = Application(router: service.makeRouter())
    try await app.test(.router) { client in try await test(ServiceClient(client: client)) }
}

/// Runs `test` against the started service's router (HummingbirdTesting `.router`).
func withRouter(_ fixture: ServiceFixture, _ test: @Sendable (ServiceClient, TokenService) async throws -> Void) async throws {
    let service = try await fixture.service()
    let app = Application(router: service.makeRouter())
    try await app.test(.router) { client in try await test(ServiceClient(client: client), service) }
}
