import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import IdentityBridgeStandard
import InMemoryLogging
import Logging
import Testing

/// Finishing a rotation the natural way, in process (``TokenService/reload()`` called directly, no
/// watcher, no sleep): an empty `previous_secrets_file` is the empty list at start and on reload,
/// so the retired secret stops verifying; a refused reload is shown by `/readyz` (each problem's
/// file, line and column) and by a gauge, while the previous generation keeps serving.
@Suite struct RotationReloadTests {
    static let oldSecret = "rotation-chat-secret-old-0123456789abcdef"
    static let newSecret = "rotation-chat-secret-new-0123456789abcdef"
    static let apiKey = "rotation-api-key-0123456789abcdef"
    static let chat = "/v1/apps/demo/providers/chat"

    let directory: URL
    /// Swallows the service's lines (a refused reload logs at error level on purpose); tests read them here.
    let logs = InMemoryLogHandler()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-rotation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var configPath: String { directory.appendingPathComponent("config.yaml").path }

    /// The configuration's lines; `tokenLifetime` is on line 11.
    static func yaml(tokenLifetime: String = "5m") -> String {
        """
        apps:
          demo:
            service:
              api_keys: [ "${API_KEY}" ]
            providers:
              - kind: zendesk-chat
                name: chat
                account_key: ${ACCOUNT_KEY}
                secret_file: secrets/chat
                previous_secrets_file: secrets/chat_previous
                token_lifetime: \(tokenLifetime)

        """
    }

    func write(_ name: String, _ text: String) throws {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func service() -> TokenService {
        let loader = ConfigurationLoader(
            registry: StandardProviders.registry,
            environment: ConfigEnvironment(variables: ["API_KEY": Self.apiKey, "ACCOUNT_KEY": "rotation-account-key-0123456789"]))
        var logger = Logger(label: "test.rotation") { [logs] _ in logs }
        logger.logLevel = .notice
        return TokenService(configPath: configPath, loader: loader, logger: logger)
    }

    func mint(_ client: ServiceClient) async throws -> String {
        let issued = try await client.post("\(Self.chat)/credentials", body: ServiceRouteTests.user, bearer: Self.apiKey)
        return try #require(issued.json["credential"]?["jwt"]?.stringValue, "\(issued.text)")
    }

    func verify(_ client: ServiceClient, _ token: String) async throws -> JSONValue? {
        try await client.post("\(Self.chat)/verify", body: JSONValue.object(["token": .string(token)]).jsonString, bearer: Self.apiKey)
            .json["valid"]
    }

    @Test func anEmptyPreviousSecretsFileIsTheEmptyListAtStart() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("config.yaml", Self.yaml())
        try write("secrets/chat", Self.newSecret + "\n")
        for empty in ["", "\n", "  \n\n"] {
            try write("secrets/chat_previous", empty)
            let service = service()
            // Before the fix: "secret file ... is empty; write one secret per line", and no start.
            try await service.start()
            #expect(service.state.served?.generation == 1)
            #expect(service.state.served?.snapshot.servedApps.count == 1)
        }
    }

    @Test func emptyingThePreviousSecretsFileRetiresTheOldSecretOnReload() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("config.yaml", Self.yaml())
        try write("secrets/chat", Self.oldSecret + "\n")
        try write("secrets/chat_previous", "")
        let service = service()
        try await service.start()
        try await Application(router: service.makeRouter()).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let oldToken = try await mint(client)
            // Step 1: the new secret signs, the old one still verifies.
            try write("secrets/chat", Self.newSecret + "\n")
            try write("secrets/chat_previous", Self.oldSecret + "\n")
            #expect(await service.reload())
            #expect(try await verify(client, oldToken) == true)
            // Step 2: "remove the old one" by emptying the file: accepted, and the old secret is retired.
            try write("secrets/chat_previous", "")
            #expect(await service.reload(), "\(logs.entries.map(\.message))")
            #expect(service.state.served?.generation == 3)
            #expect(try await verify(client, oldToken) == false)
            #expect(try await verify(client, try await mint(client)) == true)
        }
    }

    @Test func aRefusedReloadIsShownOnReadyzWithFileLineAndColumnUntilAReloadSucceeds() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("config.yaml", Self.yaml())
        try write("secrets/chat", Self.newSecret + "\n")
        try write("secrets/chat_previous", "")
        let service = service()
        try await service.start()
        try await Application(router: service.makeRouter()).test(.router) { raw in
            let client = ServiceClient(client: raw)
            let ready = try await client.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.json["reload_refused"] == nil)

            try write("config.yaml", Self.yaml(tokenLifetime: "99m"))
            #expect(await service.reload() == false)
            let refused = try await client.get("/readyz")
            #expect(refused.status == 200, "the previous generation still serves: the instance stays ready")
            #expect(refused.json["status"] == "ready")
            #expect(refused.json["generation"] == 1)
            let problems = try #require(refused.json["reload_refused"]?["problems"]?.arrayValue, "\(refused.text)")
            #expect(problems.count == 1)
            #expect(problems.first?["file"]?.stringValue == configPath)
            #expect(problems.first?["line"] == 11)
            #expect(problems.first?["column"] == 25)
            #expect(problems.first?["message"]?.stringValue?.contains("token_lifetime") == true)
            #expect(refused.json["reload_refused"]?["attempts"] == 1)
            #expect(!refused.text.contains(Self.newSecret))
            #expect(try await verify(client, try await mint(client)) == true)
            let metrics = String(decoding: service.metrics.exposition(), as: UTF8.self)
            #expect(metrics.contains("identitybridge_config_reload_refused 1"))
            #expect(logs.entries.contains { $0.level == .error && $0.message.description.hasPrefix("reload refused") })

            #expect(await service.reload() == false)
            #expect(try await client.get("/readyz").json["reload_refused"]?["attempts"] == 2)

            try write("config.yaml", Self.yaml())
            #expect(await service.reload())
            let fixed = try await client.get("/readyz")
            #expect(fixed.json["generation"] == 2)
            #expect(fixed.json["reload_refused"] == nil)
            #expect(String(decoding: service.metrics.exposition(), as: UTF8.self).contains("identitybridge_config_reload_refused 0"))
        }
    }
}
