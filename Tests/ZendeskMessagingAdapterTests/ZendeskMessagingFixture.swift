import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Synchronization
import Testing
import ZendeskMessagingAdapter

/// Shared fixtures: secrets of at least 32 bytes (jwt-kit asserts on shorter HMAC keys).
enum ZendeskMessagingFixture {
    static let start: Int64 = 1_767_225_600
    static let secretA = Secret("messaging-secret-A-0123456789-abcdefghij")
    static let secretB = Secret("messaging-secret-B-ü-0123456789-abcdefgh")
    static let secretOld = Secret("messaging-secret-OLD-0123456789-abcdefgh")
    static let keyA = ZendeskMessagingSigningKey(keyID: "app_A", secret: secretA)
    static let keyB = ZendeskMessagingSigningKey(keyID: "app_B", secret: secretB)
    static let keyOld = ZendeskMessagingSigningKey(keyID: "app_old", secret: secretOld)
    static let provider = ProviderReference(kind: .zendeskMessaging)

    static func settings(
        keys: [ZendeskMessagingSigningKey] = [keyA], active: String? = nil, lifetime: Int64 = 3_600,
        mode: ZendeskMessagingConversationMode = .single, margin: Int64 = 300
    ) throws -> ZendeskMessagingSettings {
        try ZendeskMessagingSettings(
            signingKeys: keys, activeKeyID: active, tokenLifetime: lifetime,
            conversationMode: mode, expiryWarningMargin: margin)
    }

    static func issuer(_ settings: ZendeskMessagingSettings, clock: any IdentityClock) -> ZendeskMessagingIssuer {
        ZendeskMessagingIssuer(settings: settings, provider: provider, clock: clock)
    }

    /// A compact JWT with any header and claims, HS256-signed with `secret` (for negative tests).
    static func forge(header: [String: JSONValue], claims: [String: JSONValue], secret: Secret = secretA) -> String {
        let head = Base64URL.encode(Array(JSONValue.object(header).jsonString.utf8))
        let body = Base64URL.encode(Array(JSONValue.object(claims).jsonString.utf8))
        let signature = HMACDigest.sha256(Array("\(head).\(body)".utf8), secret: secret)
        return "\(head).\(body).\(Base64URL.encode(signature))"
    }

    static let goodHeader: [String: JSONValue] = ["alg": "HS256", "typ": "JWT", "kid": "app_A"]

    static func claims(_ externalId: String = "u-1", exp: Int64? = start + 3_600) -> [String: JSONValue] {
        var claims: [String: JSONValue] = ["scope": "user", "external_id": .string(externalId)]
        if let exp { claims["exp"] = .int(exp) }
        return claims
    }
}

/// A provider wired to a fresh simulator, with a recorder on its events.
struct Session {
    let clock: ManualClock
    let simulator: ZendeskMessagingSimulator
    let provider: ZendeskMessagingProvider
    let recorder: EventRecorder

    init(
        mode: ZendeskMessagingConversationMode = .single, keys: [ZendeskMessagingSigningKey] = [ZendeskMessagingFixture.keyA],
        lifetime: Int64 = 3_600, margin: Int64 = 300
    ) throws {
        clock = ManualClock(unixSeconds: ZendeskMessagingFixture.start)
        let settings = try ZendeskMessagingFixture.settings(keys: keys, lifetime: lifetime, mode: mode, margin: margin)
        var secrets: [String: Secret] = [:]
        for key in keys { secrets[key.keyID] = key.secret }
        simulator = ZendeskMessagingSimulator(signingKeys: secrets, conversationMode: mode, clock: clock)
        provider = ZendeskMessagingProvider(issuer: ZendeskMessagingFixture.issuer(settings, clock: clock), port: simulator, clock: clock)
        recorder = EventRecorder()
        recorder.record(provider.eventHub)
    }

    var names: [IdentityEvent.Name] { recorder.names }
}

/// Runs `body` and returns the `IdentityError` it throws (nil when it does not throw).
func identityError(_ body: () async throws -> Void) async -> IdentityError? {
    do {
        try await body()
        return nil
    } catch let error as IdentityError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// The same for synchronous code.
func syncIdentityError(_ body: () throws -> Void) -> IdentityError? {
    do {
        try body()
        return nil
    } catch let error as IdentityError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// A value shared with `@Sendable` closures in tests.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}

/// The fixture's name before the four adapters' tests took one shape (issue 22).
typealias Fixture = ZendeskMessagingFixture
