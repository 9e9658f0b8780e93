/// The slice of the Zendesk Messaging SDK the adapter drives: `loginUser`, `logoutUser`,
/// conversations, and the `authenticationFailed` event listener. In an app it wraps
/// `Zendesk.instance`; in tests it is `ZendeskMessagingSimulator`.
///
/// Contract:
/// - ``loginUser(jwt:)`` returns the authenticated user or fails; on failure the SDK continues
///   with an unauthenticated user.
/// - Operations on an authenticated session whose JWT has expired fail with `expiredJWT`
///   ("The JWT has expired") and the SDK reports the failure on the event channel as
///   ``ZendeskMessagingSDKEvent/authenticationFailed(_:)``. `loginUser` failures are reported only
///   through its result, not on the channel.
/// - A merge of an anonymous user into an existing user during `loginUser` is reported on the
///   channel as ``ZendeskMessagingSDKEvent/usersMerged(from:into:conversationsMoved:)`` before
///   `loginUser` returns.
/// - Observers are called synchronously, never while the SDK holds a lock.
public protocol ZendeskMessagingSDKPort: AnyObject, Sendable {
    /// Authenticates the user the JWT names (`Zendesk.instance?.loginUser(with:)`).
    func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser
    /// Unauthenticates the user (`logoutUser`): an authenticated user is logged out and
    /// unsubscribed from push; an unauthenticated user's data is cleared for good.
    func logoutUser() async throws(ZendeskMessagingSDKError)
    /// The SDK's current user, `nil` before any user exists.
    func currentUser() async -> ZendeskMessagingUser?
    /// The conversations the current user can see.
    func conversations() async throws(ZendeskMessagingSDKError) -> [ZendeskMessagingConversation]
    /// Opens a conversation: the only one in single mode, a new one in multi mode.
    func startConversation() async throws(ZendeskMessagingSDKError) -> ZendeskMessagingConversation
    /// Sends `text` to `conversationId`, or to the current conversation when `nil`.
    func sendMessage(_ text: String, conversationId: String?) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingMessageReceipt
    /// Adds an event observer (`Zendesk.instance?.addEventObserver`).
    func addEventObserver(_ observer: @escaping @Sendable (ZendeskMessagingSDKEvent) -> Void)
    /// Hands the SDK's own request for a fresh JWT to `renewal` (`nil`: to no one). The Messaging SDK
    /// asks through `Zendesk.authenticationDelegate`'s `onInvalidAuth(error:completion:)` when its
    /// backend refuses the session's JWT; the bridge answers the completion with what `renewal`
    /// returns (`nil`: the source failed, the SDK is not answered and stays unauthenticated). The
    /// provider sets it at ``ZendeskMessagingProvider/login(credentialSource:)`` and clears it at logout.
    /// A port whose SDK has no such request (the simulator) keeps the default, which ignores it.
    func setJWTRenewal(_ renewal: (@Sendable (ZendeskMessagingSDKError?) async -> String?)?)
}

/// A user as the Messaging SDK describes it.
extension ZendeskMessagingSDKPort {
    /// Ignores `renewal`: the SDK behind this port never asks for a fresh JWT on its own.
    public func setJWTRenewal(_ renewal: (@Sendable (ZendeskMessagingSDKError?) async -> String?)?) {}
}

public struct ZendeskMessagingUser: Hashable, Sendable {
    /// The vendor's id for the user.
    public var id: String
    /// The JWT's `external_id`; `nil` for an anonymous user.
    public var externalId: String?
    /// The name from the JWT, if any.
    public var name: String?
    /// The email from the JWT, if any.
    public var email: String?
    /// Whether the user is authenticated by a valid, unexpired JWT.
    public var isAuthenticated: Bool

    /// Creates a user description.
    public init(id: String, externalId: String? = nil, name: String? = nil, email: String? = nil, isAuthenticated: Bool) {
        self.id = id
        self.externalId = externalId
        self.name = name
        self.email = email
        self.isAuthenticated = isAuthenticated
    }

    /// Whether the user is anonymous (never authenticated with an external id).
    public var isAnonymous: Bool { externalId == nil }
}

/// A conversation and its messages, as the current user sees it.
public struct ZendeskMessagingConversation: Hashable, Sendable {
    /// One message.
    public struct Message: Hashable, Sendable {
        /// `user` or `agent`.
        public var author: String
        /// The text.
        public var text: String
        /// Creates a message.
        public init(author: String, text: String) {
            self.author = author
            self.text = text
        }
    }
    /// The conversation id.
    public var id: String
    /// The messages, oldest first.
    public var messages: [Message]
    /// Creates a conversation.
    public init(id: String, messages: [Message]) {
        self.id = id
        self.messages = messages
    }
}

/// Where a sent message landed.
public struct ZendeskMessagingMessageReceipt: Hashable, Sendable {
    /// The conversation that holds the message.
    public var conversationId: String
    /// Whether the message started the conversation.
    package var startedConversation: Bool
    /// Creates a receipt.
    public init(conversationId: String, startedConversation: Bool) {
        self.conversationId = conversationId
        self.startedConversation = startedConversation
    }
}

/// A failure reported by the SDK (the `NSError` of its completion handlers and events).
public struct ZendeskMessagingSDKError: Error, Hashable, Sendable {
    /// The vendor's failure name (see ``ZendeskMessagingVendorCode``).
    public var code: String
    /// The vendor's message, e.g. "The JWT has expired".
    public var message: String
    /// The HTTP status behind the failure (401 for authentication failures), if any.
    public var httpStatus: Int?
    /// The JWT field at fault (`kid`, `scope`, `external_id`, ...), when the vendor names one.
    public var field: String?

    /// Creates an SDK error.
    public init(code: String, message: String, httpStatus: Int? = nil, field: String? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.field = field
    }
}

/// An event from the SDK's event channel.
public enum ZendeskMessagingSDKEvent: Hashable, Sendable {
    /// `ZendeskEvent.authenticationFailed`: the session's credential was refused (e.g. `expiredJWT`).
    case authenticationFailed(ZendeskMessagingSDKError)
    /// `loginUser` merged an anonymous user's conversations into an existing user.
    case usersMerged(from: ZendeskMessagingUser, into: ZendeskMessagingUser, conversationsMoved: Int)
    /// `ZendeskEvent.unreadMessageCountChanged`.
    case unreadMessageCountChanged(Int)
}
