public import IdentityBridge
public import IdentityBridgeTesting
import Synchronization
public import ZendeskChatAdapter

/// An independent in-memory model of the Zendesk Chat backend, written from the Chat SDK
/// authentication specification: account key, JWT checks (its own HMAC and JSON code),
/// visitors, `external_id` binding, conversations and the fallback to anonymous sessions.
///
/// Two kinds of identity, as the specification describes them:
/// - a *visitor* is one SDK install's session (a unique id, new after `resetIdentity`, "a new
///   unique identifier to be generated"); once a JWT bound an `external_id` to a visitor it
///   cannot change ("Once set for the customer, this value cannot be changed": a JWT with another
///   `external_id` is `externalUserIdHasChanged`);
/// - a *person* is the authenticated customer, keyed by `external_id`: "The visitor can be viewed
///   as the same person if or when they choose to use a different device or browser when the
///   custom ID is specified in the authentication call". Every visitor authenticated with the same
///   `external_id` is the same person, with the same `ZendeskChatVisitor.personId`.
///
/// Anonymous visitors are people of their own, identified by their visitor id. Chat history stays
/// per visitor: "authenticating your users in the SDK won't enable them to see their Chat history".
///
/// One simulator is one device (SDK install) on a Chat account; `anotherDevice()` gives a second
/// device or browser on the same account (the same visitors, people and conversations).
///
/// It does not call the adapter's issuer or verifier; it shares only the limits and the port.
public final class ZendeskChatSimulator: VendorSimulator, ZendeskChatSDKPort {
    /// A chat conversation.
    package struct Conversation: Hashable, Sendable {
        /// The conversation id.
        package var id: String
        /// The visitor who started it.
        package var visitorId: String
        /// Whether agents saw the visitor as authenticated in it.
        package var authenticated: Bool
        /// The messages the visitor sent.
        package var messages: [String]
        /// Whether it has ended.
        package var ended: Bool
    }

    struct VisitorRecord {
        var boundExternalId: String?
        var associated = true
    }

    /// An authenticated customer, keyed by `external_id`, across visitors (devices, browsers).
    struct Person {
        var id: String
        var visitorIds: [String] = []
    }

    struct Session {
        var visitorId: String
        var authenticated = false
        var personId: String?
        var externalId: String?
        var name: String?
        var email: String?
        var phone: String?
        var conversation: Int?
    }

    struct State {
        var accountKey: [UInt8]
        var sharedSecret: [UInt8]
        /// The account key each device's SDK was initialized with.
        var sdkAccountKeys: [Int: [UInt8]] = [:]
        var visitors: [String: VisitorRecord] = [:]
        /// Each device's current session.
        var sessions: [Int: Session] = [:]
        var devices = 1
        var conversations: [Conversation] = []
        /// Authenticated people by `external_id`.
        var people: [String: Person] = [:]
        var anonymousVisitors: Set<String> = []
        var counter = 0
        var authenticationFailures: [ZendeskChatAuthenticationFailure] = []

        mutating func nextId(_ prefix: String) -> String {
            counter += 1
            return "\(prefix)-\(counter)"
        }
    }

    /// `zendesk-chat`.
    public let kind: ProviderKind = .zendeskChat
    /// The simulator itself, as the adapter's `ZendeskChatSDKPort`.
    public var port: any Sendable { self }
    /// This device's number on the account (0 for the simulator made by ``init(accountKey:sharedSecret:clock:)``).
    public let device: Int
    private let clock: any IdentityClock
    private let backend: Backend
    /// This device's identity as the SDK keeps it: the authenticator of the last `setIdentity` and the
    /// visitor info, asked again at every re-connect (``reconnect()``).
    private let identity = Mutex<(authenticator: (any JWTAuthenticator)?, visitorInfo: ZendeskChatVisitorInfo?)>((nil, nil))

    /// The account's state, shared by its devices.
    final class Backend: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    /// Creates a backend with the account's key and Chat shared secret, seen from one device.
    public init(accountKey: Secret, sharedSecret: Secret, clock: any IdentityClock) {
        self.clock = clock
        self.device = 0
        backend = Backend(State(accountKey: accountKey.revealedBytes, sharedSecret: sharedSecret.revealedBytes))
    }

    private init(backend: Backend, device: Int, clock: any IdentityClock) {
        self.backend = backend
        self.device = device
        self.clock = clock
    }

    /// Another device or browser on the same Chat account: a new SDK install with its own
    /// `Chat.initialize`, visitor and session, and the account's visitors, people and conversations.
    package func anotherDevice() -> ZendeskChatSimulator {
        let device = backend.state.withLock { state in
            state.devices += 1
            return state.devices - 1
        }
        return ZendeskChatSimulator(backend: backend, device: device, clock: clock)
    }

    // MARK: Dashboard

    /// Regenerates the shared secret (Settings > Widget > Widget Security): tokens signed with the old one fail.
    package func regenerateSharedSecret(_ secret: Secret) { backend.state.withLock { $0.sharedSecret = secret.revealedBytes } }

    /// Every conversation, in start order.
    package var conversations: [Conversation] { backend.state.withLock { $0.conversations } }

    /// Every authentication failure the backend reported, in order.
    package var authenticationFailures: [ZendeskChatAuthenticationFailure] { backend.state.withLock { $0.authenticationFailures } }

    /// The external id bound to `visitorId`, if any.
    package func boundExternalId(visitorId: String) -> String? { backend.state.withLock { $0.visitors[visitorId]?.boundExternalId } }

    /// The person authenticated with `externalId` (the same on every visitor, device or browser), if any.
    public func personId(externalId: String) -> String? { backend.state.withLock { $0.people[externalId]?.id } }

    /// The visitors that authenticated as `externalId`, in the order they first did.
    package func visitorIds(externalId: String) -> [String] { backend.state.withLock { $0.people[externalId]?.visitorIds ?? [] } }

    // MARK: VendorSimulator

    /// Distinct people: authenticated external ids plus visitors who never authenticated.
    public func userCount() async -> Int { backend.state.withLock { $0.people.count + $0.anonymousVisitors.count } }

    /// Conversations of this device's current visitor (none after a reset).
    public func visibleConversationCount() async -> Int {
        backend.state.withLock { state in
            guard let visitorId = state.sessions[device]?.visitorId else { return 0 }
            return state.conversations.filter { $0.visitorId == visitorId }.count
        }
    }

    // MARK: ZendeskChatSDKPort

    /// Records the account key the SDK was initialized with.
    public func initialize(accountKey: String) async { backend.state.withLock { $0.sdkAccountKeys[device] = Array(accountKey.utf8) } }

    /// `setIdentity(authenticator:)` and connect (see `ZendeskChatSDKPort.connect(authenticator:visitorInfo:)`):
    /// asks `authenticator` for the JWT, and keeps it for the SDK's own re-connects (``reconnect()``). A
    /// `getToken` that fails connects anonymously with the failure `tokenUnavailable`.
    public func connect(authenticator: (any JWTAuthenticator)?, visitorInfo: ZendeskChatVisitorInfo?) async -> ZendeskChatConnection {
        identity.withLock { $0 = (authenticator, visitorInfo) }
        guard let authenticator else { return await connect(jwt: nil, visitorInfo: visitorInfo) }
        do throws(IdentityError) {
            return await connect(jwt: try await authenticator.getToken(), visitorInfo: visitorInfo)
        } catch {
            var connection = await connect(jwt: nil, visitorInfo: visitorInfo)
            let failure = ZendeskChatAuthenticationFailure(reason: .tokenUnavailable, detail: error.message)
            backend.state.withLock { $0.authenticationFailures.append(failure) }
            connection.failure = failure
            return connection
        }
    }

    /// What the SDK does on its own when its connection drops and comes back: asks the authenticator of the
    /// last ``connect(authenticator:visitorInfo:)`` for a JWT again and re-authenticates with it.
    @discardableResult
    public func reconnect() async -> ZendeskChatConnection {
        let (authenticator, visitorInfo) = identity.withLock { $0 }
        return await connect(authenticator: authenticator, visitorInfo: visitorInfo)
    }

    /// Connects or re-authenticates the session with `jwt` as `getToken` answered it (`nil`: anonymous):
    /// the Chat backend's verdict on one token.
    public func connect(jwt: String?, visitorInfo: ZendeskChatVisitorInfo?) async -> ZendeskChatConnection {
        let now = clock.unixSeconds()
        return backend.state.withLock { state in
            if state.sessions[device] == nil {
                let id = state.nextId("visitor")
                state.visitors[id] = VisitorRecord()
                state.sessions[device] = Session(visitorId: id)
            }
            guard var session = state.sessions[device] else {
                return ZendeskChatConnection(visitor: ZendeskChatVisitor(visitorId: "", isAuthenticated: false))
            }
            let wasAuthenticated = session.authenticated
            var failure: ZendeskChatAuthenticationFailure?
            var accepted: ChatJWTClaims?
            if let jwt {
                if state.sdkAccountKeys[device] != state.accountKey || state.accountKey.isEmpty {
                    failure = ZendeskChatAuthenticationFailure(
                        reason: .accountKeyInvalid, detail: "The account key given to Chat.initialize is not this account's.")
                } else {
                    switch Self.check(jwt, secret: state.sharedSecret, now: now, bound: state.visitors[session.visitorId]?.boundExternalId)
                    {
                    case .success(let claims): accepted = claims
                    case .failure(let refused): failure = refused
                    }
                }
            }
            var result = ZendeskChatConnection(visitor: ZendeskChatVisitor(visitorId: session.visitorId, isAuthenticated: false))
            if let claims = accepted {
                state.visitors[session.visitorId, default: VisitorRecord()].boundExternalId = claims.externalId
                if state.people[claims.externalId] == nil {
                    state.people[claims.externalId] = Person(id: state.nextId("person"))
                }
                if state.people[claims.externalId]?.visitorIds.contains(session.visitorId) == false {
                    state.people[claims.externalId]?.visitorIds.append(session.visitorId)
                }
                state.anonymousVisitors.remove(session.visitorId)
                session.authenticated = true
                session.personId = state.people[claims.externalId]?.id
                session.externalId = claims.externalId
                session.name = claims.name
                session.email = claims.email
                session.phone = nil
                result.visitorInfoDiscarded = visitorInfo != nil
            } else {
                if let failure { state.authenticationFailures.append(failure) }
                result.failure = failure
                session.authenticated = false
                session.personId = nil
                session.externalId = nil
                session.name = visitorInfo?.name
                session.email = visitorInfo?.email
                session.phone = visitorInfo?.phoneNumber
                if state.visitors[session.visitorId]?.boundExternalId == nil { state.anonymousVisitors.insert(session.visitorId) }
                if wasAuthenticated, let index = session.conversation, !state.conversations[index].ended {
                    state.conversations[index].ended = true
                    result.endedConversationId = state.conversations[index].id
                    let id = state.nextId("chat")
                    state.conversations.append(
                        Conversation(id: id, visitorId: session.visitorId, authenticated: false, messages: [], ended: false))
                    session.conversation = state.conversations.count - 1
                    result.startedConversationId = id
                }
            }
            state.sessions[device] = session
            result.visitor = Self.visitor(session)
            return result
        }
    }

    /// Adds a message to the ongoing conversation, starting one when none is ongoing.
    public func sendMessage(_ text: String) async throws(IdentityError) -> ZendeskChatMessageResult {
        let outcome: ZendeskChatMessageResult? = backend.state.withLock { state in
            guard var session = state.sessions[device] else { return nil }
            if let index = session.conversation, !state.conversations[index].ended {
                state.conversations[index].messages.append(text)
                return ZendeskChatMessageResult(conversationId: state.conversations[index].id, startedConversation: false)
            }
            let id = state.nextId("chat")
            state.conversations.append(
                Conversation(id: id, visitorId: session.visitorId, authenticated: session.authenticated, messages: [text], ended: false))
            session.conversation = state.conversations.count - 1
            state.sessions[device] = session
            return ZendeskChatMessageResult(conversationId: id, startedConversation: true)
        }
        guard let outcome else {
            throw IdentityError(.notLoggedIn, message: "The chat is not connected.", recovery: "Connect the chat before sending messages.")
        }
        return outcome
    }

    /// A new unique anonymous visitor; the previous visitor's chats end and are no longer associated.
    public func resetIdentity() async -> ZendeskChatVisitor {
        identity.withLock { $0 = (nil, nil) }
        return backend.state.withLock { state in
            if let previous = state.sessions[device] {
                if let index = previous.conversation { state.conversations[index].ended = true }
                state.visitors[previous.visitorId]?.associated = false
            }
            let id = state.nextId("visitor")
            state.visitors[id] = VisitorRecord()
            state.anonymousVisitors.insert(id)
            let session = Session(visitorId: id)
            state.sessions[device] = session
            return Self.visitor(session)
        }
    }

    /// The current session's visitor.
    public func currentVisitor() async -> ZendeskChatVisitor? { backend.state.withLock { $0.sessions[device].map(Self.visitor) } }

    private static func visitor(_ session: Session) -> ZendeskChatVisitor {
        ZendeskChatVisitor(
            visitorId: session.visitorId, personId: session.personId, externalId: session.externalId, name: session.name,
            email: session.email, phoneNumber: session.phone, isAuthenticated: session.authenticated)
    }
}
