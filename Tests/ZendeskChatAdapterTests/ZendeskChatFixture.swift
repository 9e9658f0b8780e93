import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import InMemoryLogging
import Logging
import ZendeskChatAdapter

/// Shared fixtures for the Zendesk Chat tests.
enum ZendeskChatFixture {
    static let start: Int64 = 1_767_225_600
    /// At least 32 bytes, so jwt-kit accepts it as an HMAC key.
    static let secret = Secret("chat-shared-secret-0123456789-abcdefghij")
    static let otherSecret = Secret("another-chat-secret-0123456789-abcdefghij")
    static let accountKey = Secret("chat-account-key-123")
    static let ann = UserIdentity(userId: "user-123456", email: "ann@example.com", name: "Ann")

    static func issuer(clock: any IdentityClock, lifetime: Int64 = ZendeskChatLimits.defaultTokenLifetime) throws -> ZendeskChatIssuer {
        try ZendeskChatIssuer(settings: ZendeskChatSettings(accountKey: accountKey, secret: secret, tokenLifetime: lifetime), clock: clock)
    }

    /// Signs arbitrary claims with `secret` (the core's HS256 signer), for tokens the issuer refuses to mint.
    static func token(_ claims: [String: JSONValue], secret: Secret = secret) -> String {
        HS256Signer(secret: secret).sign(claims: claims)
    }

    /// Valid claims at `iat`, with overrides (`.null` removes a claim).
    static func claims(iat: Int64 = start, exp: Int64? = start + 300, _ overrides: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var claims: [String: JSONValue] = [
            "name": "Ann", "email": "ann@example.com", "external_id": "user-123456", "iat": .int(iat),
        ]
        if let exp { claims["exp"] = .int(exp) }
        for (key, value) in overrides {
            if value == .null { claims.removeValue(forKey: key) } else { claims[key] = value }
        }
        return claims
    }

    /// A provider over a fresh simulator.
    static func provider(
        clock: ManualClock, simulatorAccountKey: Secret = accountKey,
        logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    )
        throws -> (ZendeskChatProvider, ZendeskChatSimulator, EventRecorder)
    {
        let simulator = ZendeskChatSimulator(accountKey: simulatorAccountKey, sharedSecret: secret, clock: clock)
        let provider = ZendeskChatProvider(issuer: try issuer(clock: clock), port: simulator, clock: clock, logger: logger)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)
        return (provider, simulator, recorder)
    }
}

/// A test authenticator that answers what it is told, possibly calling the completion twice.
struct ScriptedAuthenticator: JWTAuthenticator {
    let token: String?
    let error: (any Error)?
    var callTwice = false
    func getToken(_ completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        completion(token, error)
        if callTwice { completion("second", nil) }
    }
}

struct ServiceDown: Error {}

/// Captures log lines at every level (swift-log's `InMemoryLogHandler`), to check warnings.
struct LogCapture {
    let handler: InMemoryLogHandler

    init() {
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        self.handler = handler
    }

    var logger: Logger {
        let handler = self.handler
        return Logger(label: "capture") { _ in handler }
    }

    /// Each line's level and its text: the message and every metadata value.
    var messages: [(Logger.Level, String)] {
        handler.entries.map { entry in
            let metadata = entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return (entry.level, (["\(entry.message)"] + metadata).joined(separator: " "))
        }
    }

    func contains(_ level: Logger.Level, _ fragment: String) -> Bool {
        messages.contains { $0.0 == level && $0.1.contains(fragment) }
    }
}

/// The fixture's name before the four adapters' tests took one shape (issue 22).
typealias ChatFixture = ZendeskChatFixture
