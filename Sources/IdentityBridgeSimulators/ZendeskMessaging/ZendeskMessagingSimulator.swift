public import IdentityBridge
public import IdentityBridgeTesting
import Synchronization
public import ZendeskMessagingAdapter

/// An in-memory model of the Zendesk Messaging SDK and server, written from the specification.
///
/// - `loginUser` checks the JWT itself (HS256, `kid`, signature, `scope`, `external_id`, types,
///   `exp` by the injected clock). On failure the SDK continues with an unauthenticated user: the
///   anonymous user stays; an authenticated user's session ends.
/// - Users are keyed by `external_id`. An anonymous user who has conversations and logs in as a
///   user who already exists is merged into that user (single mode: its conversation is combined
///   into the user's one conversation; multi mode: its conversations join the list) and the
///   anonymous user is gone; `ZendeskMessagingSDKEvent.usersMerged(from:into:conversationsMoved:)`
///   is reported. A new `external_id` takes the anonymous user's data over.
/// - Once the JWT's `exp` passes, the next operation fails with `expiredJWT` ("The JWT has
///   expired"), reported on the event channel; the user loses access (no conversations, no push)
///   until `loginUser` succeeds again.
/// - `logoutUser`: an authenticated user is logged out and unsubscribed from push (agent replies
///   sent meanwhile are never delivered as notifications); an anonymous user is deleted with all
///   its conversations.
/// - The reported leak: `loginUser` as another user while a user is still logged in (no
///   `logoutUser` in between) leaves the previous user's conversations in the local cache, visible
///   to the new user until `logoutUser`. An adapter must log the previous user out first.
public final class ZendeskMessagingSimulator: VendorSimulator, ZendeskMessagingSDKPort {
    struct UserRecord {
        var id: String
        var externalId: String?
        var name: String?
        var email: String?
        var conversationIds: [String] = []
    }

    enum Session: Equatable {
        case none
        case anonymous(String)
        case authenticated(String, exp: Int64?)
        case expired(String)
    }

    struct State {
        var keys: [String: Secret]
        var users: [String: UserRecord] = [:]
        var userIdsByExternalId: [String: String] = [:]
        var conversations: [String: ZendeskMessagingConversation] = [:]
        var session: Session = .none
        var pushSubscribed = false
        var notifications: [String: [String]] = [:]
        /// Conversations of a previous user that the SDK's local cache keeps showing (the leak).
        var staleConversationIds: [String] = []
        var nextID = 0
        /// The failure the next `logoutUser` completes with (the SDK's logout reaches Zendesk, so it can fail).
        var logoutFailure: ZendeskMessagingSDKError?
        var observers: [@Sendable (ZendeskMessagingSDKEvent) -> Void] = []

        mutating func makeID(_ prefix: String) -> String {
            nextID += 1
            return "\(prefix)-\(nextID)"
        }
    }

    /// `zendesk-messaging`.
    public var kind: ProviderKind { .zendeskMessaging }
    /// The simulator itself is the SDK port.
    public var port: any Sendable { self }
    /// Single- or multi-conversation account.
    package let conversationMode: ZendeskMessagingConversationMode
    let clock: any IdentityClock
    let state: Mutex<State>

    /// Creates a simulator whose account holds `signingKeys` (key id → secret).
    public init(signingKeys: [String: Secret], conversationMode: ZendeskMessagingConversationMode, clock: any IdentityClock) {
        self.conversationMode = conversationMode
        self.clock = clock
        self.state = Mutex(State(keys: signingKeys))
    }

    func notify(_ events: [ZendeskMessagingSDKEvent]) {
        guard !events.isEmpty else { return }
        let observers = state.withLock { $0.observers }
        for event in events {
            for observer in observers { observer(event) }
        }
    }

    func snapshot(_ record: UserRecord, authenticated: Bool) -> ZendeskMessagingUser {
        ZendeskMessagingUser(
            id: record.id, externalId: record.externalId, name: record.name, email: record.email, isAuthenticated: authenticated)
    }

    // MARK: VendorSimulator

    /// Users in the directory, anonymous users included.
    public func userCount() async -> Int { state.withLock { $0.users.count } }

    /// Conversations the current user can see (none while the session is expired).
    public func visibleConversationCount() async -> Int {
        state.withLock { state in
            switch state.session {
            case .anonymous(let id), .authenticated(let id, _):
                (state.users[id]?.conversationIds.count ?? 0) + state.staleConversationIds.count
            case .none, .expired: 0
            }
        }
    }

    // MARK: ZendeskMessagingSDKPort

    /// Adds an observer of `authenticationFailed`, `usersMerged` and unread-count events.
    public func addEventObserver(_ observer: @escaping @Sendable (ZendeskMessagingSDKEvent) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// The current user: anonymous, authenticated, or (after expiry) known but unauthenticated.
    public func currentUser() async -> ZendeskMessagingUser? {
        state.withLock { state in
            switch state.session {
            case .none: return nil
            case .anonymous(let id), .expired(let id): return state.users[id].map { snapshot($0, authenticated: false) }
            case .authenticated(let id, _): return state.users[id].map { snapshot($0, authenticated: true) }
            }
        }
    }
}
