public import IdentityBridgeModel

/// What the adapter needs from the Chat SDK and its backend. The adapter knows only this
/// protocol; the simulator (tests) or a real SDK bridge implements it.
public protocol ZendeskChatSDKPort: AnyObject, Sendable {
    /// `Chat.initialize(accountKey:)`: the account key is the app's public identifier, no secret.
    func initialize(accountKey: String) async
    /// `Chat.instance?.setIdentity(authenticator:)`, then connects (or re-authenticates an ongoing
    /// session); `nil` connects anonymously. The SDK asks `authenticator` for a JWT (`getToken`) now and
    /// at every re-connect it makes on its own, so a bridge hands it to the SDK as it is: with a credential
    /// source behind it, each of those gets a fresh JWT within the 7-minute life. The backend validates the
    /// token; on failure (a `getToken` that fails is ``ZendeskChatFailureReason/tokenUnavailable``) the
    /// session proceeds anonymously and, when an authenticated conversation was ongoing, that conversation
    /// ends and a new anonymous one begins.
    func connect(authenticator: (any JWTAuthenticator)?, visitorInfo: ZendeskChatVisitorInfo?) async -> ZendeskChatConnection
    /// Sends a chat message as the current visitor, starting a conversation when none is ongoing.
    func sendMessage(_ text: String) async throws(IdentityError) -> ZendeskChatMessageResult
    /// `Chat.resetIdentity`: a new unique anonymous visitor, local cache discarded, previous chats unassociated.
    func resetIdentity() async -> ZendeskChatVisitor
    /// The visitor of the current session, `nil` before the first connect.
    func currentVisitor() async -> ZendeskChatVisitor?
}

/// VisitorInfo: name, email and phone for an anonymous session (discarded when authenticated).
public struct ZendeskChatVisitorInfo: Hashable, Sendable {
    /// The visitor's name.
    public var name: String?
    /// The visitor's email.
    public var email: String?
    /// The visitor's phone number.
    public var phoneNumber: String?
    /// Creates visitor info.
    public init(name: String? = nil, email: String? = nil, phoneNumber: String? = nil) {
        self.name = name
        self.email = email
        self.phoneNumber = phoneNumber
    }
}

/// A Chat visitor as the backend sees it.
///
/// A visitor is one session of the SDK: its ``visitorId`` is new after every `resetIdentity`.
/// An authenticated visitor is also a *person*, keyed by `external_id`, who is the same on every
/// visitor, device and browser ("The visitor can be viewed as the same person if or when they
/// choose to use a different device or browser when the custom ID is specified in the
/// authentication call"): ``personId``.
public struct ZendeskChatVisitor: Hashable, Sendable {
    /// The backend's unique visitor id (new after `resetIdentity`).
    public var visitorId: String
    /// The backend's id for the authenticated person, the same for every visitor authenticated
    /// with the same `external_id`; `nil` for anonymous visitors (and when the SDK bridge does not
    /// report one, see ``user``).
    public var personId: String?
    /// The bound `external_id` when authenticated.
    public var externalId: String?
    /// The visitor's name.
    public var name: String?
    /// The visitor's email.
    public var email: String?
    /// The visitor's phone number (VisitorInfo, anonymous sessions only).
    public var phoneNumber: String?
    /// Whether agents see the visitor as authenticated.
    public var isAuthenticated: Bool
    /// Creates a visitor.
    public init(
        visitorId: String, personId: String? = nil, externalId: String? = nil, name: String? = nil, email: String? = nil,
        phoneNumber: String? = nil, isAuthenticated: Bool
    ) {
        self.visitorId = visitorId
        self.personId = personId
        self.externalId = externalId
        self.name = name
        self.email = email
        self.phoneNumber = phoneNumber
        self.isAuthenticated = isAuthenticated
    }

    /// The uniform view of the visitor. Its `vendorUserId` is the vendor's identity of the user,
    /// stable across logins of the same user: for an authenticated visitor the person
    /// (``personId``, or `external_id:<external_id>` when the bridge reports no person id, since
    /// the `external_id` is what Chat keys the person by); for an anonymous visitor the visitor id.
    public var user: ProviderUser {
        ProviderUser(
            vendorUserId: vendorUserId, externalId: isAuthenticated ? externalId : nil, email: email, name: name,
            isAnonymous: !isAuthenticated, isAuthenticated: isAuthenticated)
    }

    /// See ``user``.
    var vendorUserId: String {
        guard isAuthenticated else { return visitorId }
        if let personId { return personId }
        if let externalId { return "external_id:\(externalId)" }
        return visitorId
    }
}

/// The outcome of a connect or re-authentication.
public struct ZendeskChatConnection: Hashable, Sendable {
    /// The session's visitor after the connect.
    public var visitor: ZendeskChatVisitor
    /// Why authentication failed, when a JWT was given and refused.
    public var failure: ZendeskChatAuthenticationFailure?
    /// Whether VisitorInfo was given and discarded because the session is authenticated.
    public var visitorInfoDiscarded: Bool
    /// The conversation that ended because re-authentication failed.
    package var endedConversationId: String?
    /// The anonymous conversation that replaced it.
    package var startedConversationId: String?
    /// Creates a connection outcome.
    public init(
        visitor: ZendeskChatVisitor, failure: ZendeskChatAuthenticationFailure? = nil, visitorInfoDiscarded: Bool = false,
        endedConversationId: String? = nil, startedConversationId: String? = nil
    ) {
        self.visitor = visitor
        self.failure = failure
        self.visitorInfoDiscarded = visitorInfoDiscarded
        self.endedConversationId = endedConversationId
        self.startedConversationId = startedConversationId
    }
}

/// The outcome of sending a message.
public struct ZendeskChatMessageResult: Hashable, Sendable {
    /// The conversation the message went to.
    public var conversationId: String
    /// Whether the message started that conversation.
    package var startedConversation: Bool
    /// Creates a result.
    public init(conversationId: String, startedConversation: Bool) {
        self.conversationId = conversationId
        self.startedConversation = startedConversation
    }
}
