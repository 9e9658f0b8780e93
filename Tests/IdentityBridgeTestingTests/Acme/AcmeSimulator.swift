import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Synchronization

/// What the acme SDK offers the adapter.
protocol AcmePort: Sendable {
    /// Verifies and logs in; the user, or the vendor's refusal reason.
    func login(payload: String, signature: String) -> Result<ProviderUser, AcmeRefusal>
    /// Logs the current user out.
    func logout()
    /// Starts a new anonymous user.
    func reset() -> ProviderUser
    /// The current user.
    func currentUser() -> ProviderUser?
    /// Sends a message; true when it started a conversation.
    func send(_ text: String) -> Bool
    /// Whether the current user's credential has expired.
    func sessionExpired() -> Bool
}

/// The acme vendor's reasons to refuse a login.
enum AcmeRefusal: String, Error {
    case badSignature = "AcmeBadSignature"
    case expired = "AcmeExpired"
    case malformed = "AcmeMalformed"
}

/// The acme vendor, modelled independently of the adapter: it checks signatures with
/// swift-crypto through the core's HMACDigest and reads expiry from the injected clock.
final class AcmeSimulator: VendorSimulator, AcmePort {
    struct User {
        var vendorId: String
        var externalId: String?
        var email: String?
        var name: String?
        var conversations: Int
        var expires: Int64?
        var provider: ProviderUser {
            ProviderUser(
                vendorUserId: vendorId, externalId: externalId, email: email, name: name,
                isAnonymous: externalId == nil, isAuthenticated: externalId != nil)
        }
    }
    struct State {
        var users: [User] = []
        var current: Int?
        var nextId = 1
    }

    let kind: ProviderKind = .acme
    var port: any Sendable { self }
    private let secret: Secret
    private let clock: any IdentityClock
    private let state = Mutex(State())

    init(secret: Secret, clock: any IdentityClock) {
        self.secret = secret
        self.clock = clock
    }

    func userCount() async -> Int { state.withLock { $0.users.count } }
    func visibleConversationCount() async -> Int {
        state.withLock { state in state.current.map { state.users[$0].conversations } ?? 0 }
    }

    func login(payload: String, signature: String) -> Result<ProviderUser, AcmeRefusal> {
        let expected = HMACDigest.hex(HMACDigest.sha256(Array(payload.utf8), secret: secret))
        guard HMACDigest.constantTimeEquals(Array(expected.utf8), Array(signature.lowercased().utf8)) else {
            return .failure(.badSignature)
        }
        guard let bytes = Base64URL.decode(Array(payload.utf8)), let json = try? JSONValue.parse(bytes: bytes),
            let user = json["user"]?.stringValue, let expires = json["expires"]?.intValue
        else { return .failure(.malformed) }
        guard clock.unixSeconds() < expires else { return .failure(.expired) }
        return .success(
            state.withLock { state in
                let index: Int
                if let existing = state.users.firstIndex(where: { $0.externalId == user }) {
                    index = existing
                } else {
                    state.users.append(User(vendorId: "acme-\(state.nextId)", externalId: user, conversations: 0))
                    state.nextId += 1
                    index = state.users.count - 1
                }
                state.users[index].email = json["email"]?.stringValue
                state.users[index].name = json["name"]?.stringValue
                state.users[index].expires = expires
                state.current = index
                return state.users[index].provider
            })
    }

    func logout() { state.withLock { $0.current = nil } }

    func reset() -> ProviderUser {
        state.withLock { state in
            state.users.append(User(vendorId: "acme-\(state.nextId)", conversations: 0))
            state.nextId += 1
            state.current = state.users.count - 1
            return state.users[state.users.count - 1].provider
        }
    }

    func currentUser() -> ProviderUser? { state.withLock { state in state.current.map { state.users[$0].provider } } }

    func send(_ text: String) -> Bool {
        state.withLock { state in
            if state.current == nil {
                state.users.append(User(vendorId: "acme-\(state.nextId)", conversations: 0))
                state.nextId += 1
                state.current = state.users.count - 1
            }
            guard let index = state.current else { return false }
            let started = state.users[index].conversations == 0
            if started { state.users[index].conversations = 1 }
            return started
        }
    }

    func sessionExpired() -> Bool {
        state.withLock { state in
            guard let index = state.current, let expires = state.users[index].expires else { return false }
            return clock.unixSeconds() >= expires
        }
    }
}

/// Makes acme simulators from the instance's configuration.
struct AcmeSimulatorFactory: VendorSimulatorFactory {
    var kind: ProviderKind { .acme }
    func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        let secret = (instance.settings as? AcmeSettings)?.secret ?? Secret("")
        return AcmeSimulator(secret: secret, clock: clock)
    }
}
