public import IdentityBridge
public import ZendeskChatAdapter
import Synchronization

/// An independent in-memory model of the Zendesk Chat backend, written from the Chat SDK
/// authentication specification: account key, JWT checks (its own HMAC and JSON code),
/// visitors, `external_id` binding, conversations and the fallback to anonymous sessions.
///
/// It does not call the adapter's issuer or verifier; it shares only the limits and the port.
public final class ZendeskChatSimulator: VendorSimulator, ZendeskChatSDKPort {
    /// A chat conversation.
    public struct Conversation: Hashable, Sendable {
        /// The conversation id.
        public var id: String
        /// The visitor who started it.
        public var visitorId: String
        /// Whether agents saw the visitor as authenticated in it.
        public var authenticated: Bool
        /// The messages the visitor sent.
        public var messages: [String]
        /// Whether it has ended.
        public var ended: Bool
    }

    struct VisitorRecord {
        var boundExternalId: String?
        var associated = true
    }

    struct Session {
        var visitorId: String
        var authenticated = false
        var externalId: String?
        var name: String?
        var email: String?
        var phone: String?
        var conversation: Int?
    }

    struct State {
        var accountKey: [UInt8]
        var sharedSecret: [UInt8]
        var sdkAccountKey: [UInt8]?
        var visitors: [String: VisitorRecord] = [:]
        var session: Session?
        var conversations: [Conversation] = []
        var people: Set<String> = []
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
    /// The simulator itself, as the adapter's ``ZendeskChatSDKPort``.
    public var port: any Sendable { self }
    private let clock: any IdentityClock
    private let state: Mutex<State>

    /// Creates a backend with the account's key and Chat shared secret.
    public init(accountKey: Secret, sharedSecret: Secret, clock: any IdentityClock) {
        self.clock = clock
        state = Mutex(State(accountKey: accountKey.revealedBytes, sharedSecret: sharedSecret.revealedBytes))
    }

    // MARK: Dashboard

    /// Regenerates the shared secret (Settings > Widget > Widget Security): tokens signed with the old one fail.
    public func regenerateSharedSecret(_ secret: Secret) { state.withLock { $0.sharedSecret = secret.revealedBytes } }

    /// Every conversation, in start order.
    public var conversations: [Conversation] { state.withLock { $0.conversations } }

    /// Every authentication failure the backend reported, in order.
    public var authenticationFailures: [ZendeskChatAuthenticationFailure] { state.withLock { $0.authenticationFailures } }

    /// The external id bound to `visitorId`, if any.
    public func boundExternalId(visitorId: String) -> String? { state.withLock { $0.visitors[visitorId]?.boundExternalId } }

    // MARK: VendorSimulator

    /// Distinct people: authenticated external ids plus visitors who never authenticated.
    public func userCount() async -> Int { state.withLock { $0.people.count + $0.anonymousVisitors.count } }

    /// Conversations of the current visitor (none after a reset).
    public func visibleConversationCount() async -> Int {
        state.withLock { state in
            guard let visitorId = state.session?.visitorId else { return 0 }
            return state.conversations.filter { $0.visitorId == visitorId }.count
        }
    }

    // MARK: ZendeskChatSDKPort

    /// Records the account key the SDK was initialized with.
    public func initialize(accountKey: Secret) async { state.withLock { $0.sdkAccountKey = accountKey.revealedBytes } }

    /// Connects or re-authenticates the session (see ``ZendeskChatSDKPort/connect(jwt:visitorInfo:)``).
    public func connect(jwt: String?, visitorInfo: ZendeskChatVisitorInfo?) async -> ZendeskChatConnection {
        let now = clock.unixSeconds()
        return state.withLock { state in
            if state.session == nil {
                let id = state.nextId("visitor")
                state.visitors[id] = VisitorRecord()
                state.session = Session(visitorId: id)
            }
            guard var session = state.session else { return ZendeskChatConnection(visitor: ZendeskChatVisitor(visitorId: "", isAuthenticated: false)) }
            let wasAuthenticated = session.authenticated
            var failure: ZendeskChatAuthenticationFailure?
            var accepted: ChatJWTClaims?
            if let jwt {
                if state.sdkAccountKey != state.accountKey || state.accountKey.isEmpty {
                    failure = ZendeskChatAuthenticationFailure(reason: .accountKeyInvalid, detail: "The account key given to Chat.initialize is not this account's.")
                } else {
                    switch Self.check(jwt, secret: state.sharedSecret, now: now, bound: state.visitors[session.visitorId]?.boundExternalId) {
                    case .success(let claims): accepted = claims
                    case .failure(let refused): failure = refused
                    }
                }
            }
            var result = ZendeskChatConnection(visitor: ZendeskChatVisitor(visitorId: session.visitorId, isAuthenticated: false))
            if let claims = accepted {
                state.visitors[session.visitorId, default: VisitorRecord()].boundExternalId = claims.externalId
                state.people.insert(claims.externalId)
                state.anonymousVisitors.remove(session.visitorId)
                session.authenticated = true
                session.externalId = claims.externalId
                session.name = claims.name
                session.email = claims.email
                session.phone = nil
                result.visitorInfoDiscarded = visitorInfo != nil
            } else {
                if let failure { state.authenticationFailures.append(failure) }
                result.failure = failure
                session.authenticated = false
                session.externalId = nil
                session.name = visitorInfo?.name
                session.email = visitorInfo?.email
                session.phone = visitorInfo?.phoneNumber
                if state.visitors[session.visitorId]?.boundExternalId == nil { state.anonymousVisitors.insert(session.visitorId) }
                if wasAuthenticated, let index = session.conversation, !state.conversations[index].ended {
                    state.conversations[index].ended = true
                    result.endedConversationId = state.conversations[index].id
                    let id = state.nextId("chat")
                    state.conversations.append(Conversation(id: id, visitorId: session.visitorId, authenticated: false, messages: [], ended: false))
                    session.conversation = state.conversations.count - 1
                    result.startedConversationId = id
                }
            }
            state.session = session
            result.visitor = Self.visitor(session)
            return result
        }
    }

    /// Adds a message to the ongoing conversation, starting one when none is ongoing.
    public func sendMessage(_ text: String) async throws(IdentityError) -> ZendeskChatMessageResult {
        let outcome: ZendeskChatMessageResult? = state.withLock { state in
            guard var session = state.session else { return nil }
            if let index = session.conversation, !state.conversations[index].ended {
                state.conversations[index].messages.append(text)
                return ZendeskChatMessageResult(conversationId: state.conversations[index].id, startedConversation: false)
            }
            let id = state.nextId("chat")
            state.conversations.append(Conversation(id: id, visitorId: session.visitorId, authenticated: session.authenticated, messages: [text], ended: false))
            session.conversation = state.conversations.count - 1
            state.session = session
            return ZendeskChatMessageResult(conversationId: id, startedConversation: true)
        }
        guard let outcome else {
            throw IdentityError(.notLoggedIn, message: "The chat is not connected.", recovery: "Connect the chat before sending messages.")
        }
        return outcome
    }

    /// A new unique anonymous visitor; the previous visitor's chats end and are no longer associated.
    public func resetIdentity() async -> ZendeskChatVisitor {
        state.withLock { state in
            if let previous = state.session {
                if let index = previous.conversation { state.conversations[index].ended = true }
                state.visitors[previous.visitorId]?.associated = false
            }
            let id = state.nextId("visitor")
            state.visitors[id] = VisitorRecord()
            state.anonymousVisitors.insert(id)
            let session = Session(visitorId: id)
            state.session = session
            return Self.visitor(session)
        }
    }

    /// The current session's visitor.
    public func currentVisitor() async -> ZendeskChatVisitor? { state.withLock { $0.session.map(Self.visitor) } }

    private static func visitor(_ session: Session) -> ZendeskChatVisitor {
        ZendeskChatVisitor(
            visitorId: session.visitorId, externalId: session.externalId, name: session.name, email: session.email,
            phoneNumber: session.phone, isAuthenticated: session.authenticated)
    }
}
