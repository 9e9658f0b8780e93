public import IdentityBridgeModel
public import Logging

/// The `zendesk-chat` session provider: drives the Chat SDK through a ``ZendeskChatSDKPort``.
///
/// `login` sets an identity whose authenticator mints a fresh JWT on every `getToken`, then
/// connects. On any authentication failure the chat proceeds anonymously and the provider emits
/// `authentication_failed` then `fell_back_to_anonymous`. When a re-authentication during a chat
/// fails, the events are `authentication_failed`, `conversation_ended`, `fell_back_to_anonymous`,
/// `conversation_started` (the new anonymous conversation).
///
/// Chat binds an `external_id` to a visitor for good ("Once set for the customer, this value
/// cannot be changed"), so `login` of a *different* user first un-authenticates the previous one
/// the way the Chat documentation prescribes, with `resetIdentity` (a new unique visitor, the local
/// cache discarded), emitting `logged_out` and `identity_reset` as ``logout()`` does, and then
/// authenticates the new user: `logged_out`, `identity_reset`, `login_succeeded`. A raw credential
/// (``login(credential:)``) or a re-authentication with another `external_id` on the same visitor is
/// still refused by the backend with `externalUserIdHasChanged` (`external_id_changed`).
///
/// The session's `ProviderUser.vendorUserId` is the Chat *person* for an authenticated visitor
/// (the same for every visitor, device or browser authenticated with the same `external_id`) and
/// the visitor id for an anonymous one; ``currentVisitor()`` gives the visitor itself.
///
/// Logins and logouts run on the session engine (`SessionProvider`), with its events on every failure (a refused
/// login: `authentication_failed`, the fallback's events, `login_failed`); connects and resets join the engine's
/// queue, so all of them reach the SDK one at a time, in call order.
public actor ZendeskChatProvider: SessionProvider {
    /// The kind and instance name.
    public nonisolated let reference: ProviderReference
    /// Anonymous users, JWT, reset, logout (reset) and conversations.
    public nonisolated let capabilities: ProviderCapabilities = [.anonymousUsers, .jwt, .reset, .logout, .conversations]
    /// The Chat JWT issuer and verifier on the backend; an `AppHalfIssuer` in an app.
    public nonisolated let issuer: any CredentialIssuer
    /// Where the provider's events are emitted.
    public nonisolated let eventHub = EventHub()

    let accountKey: String
    /// How long the JWTs `issuer` mints live (seconds): the session's expiry for a login minted at connect time.
    let tokenLifetime: Int64
    let port: any ZendeskChatSDKPort
    /// The clock of the events' timestamps.
    public nonisolated let clock: any IdentityClock
    let logger: Logger
    var authenticator: (any JWTAuthenticator)?
    var visitorInfo: ZendeskChatVisitorInfo?
    var initialized = false
    var connectedVisitor: ZendeskChatVisitor?
    /// The `external_id` the backend bound to a visitor of this SDK (it stays bound after a
    /// fallback to anonymous), until `resetIdentity`.
    var binding: (visitorId: String, externalId: String)?
    /// The session engine's state: connects, logins, logouts and resets, one at a time in call order.
    public var sessionEngine = SessionEngine()
    /// The credential source of the last ``login(credentialSource:)``: every later `getToken` asks it.
    var credentialSource: CredentialSource?

    /// Creates a provider over `port` from what the app passes the Chat SDK, the account key: no secret.
    ///
    /// ```swift
    /// let chat = ZendeskChatProvider(accountKey: "<your Chat account key>", port: chatBridge)
    /// try await chat.login(credentialSource: client.credentialSource(for: user, from: chat.reference))
    /// ```
    ///
    /// - Parameters:
    ///   - reference: The kind and instance name (the token service's instance, for a `CredentialClient`).
    ///   - accountKey: The Chat account key `Chat.initialize(accountKey:)` takes.
    ///   - port: The Chat SDK, through a bridge (or a simulator in tests).
    ///   - clock: The clock of the events' timestamps.
    ///   - logger: Where authentication failures are logged (never with a token).
    public init(
        reference: ProviderReference = ProviderReference(kind: .zendeskChat), accountKey: String, port: any ZendeskChatSDKPort,
        clock: any IdentityClock = SystemClock(), logger: Logger = Logger(label: ProviderKind.zendeskChat.loggerLabel)
    ) {
        self.init(reference: reference, accountKey: accountKey, port: port, backend: nil, clock: clock, logger: logger)
    }

    /// The one initializer both halves reach: `backend` (the backend's issuer) mints the JWT of every `getToken`
    /// for ``login(_:)``; `nil` in an app.
    package init(
        reference: ProviderReference, accountKey: String, port: any ZendeskChatSDKPort, backend: (any ZendeskChatSessionBackend)?,
        clock: any IdentityClock, logger: Logger
    ) {
        self.reference = reference
        self.issuer = backend ?? AppHalfIssuer(provider: reference)
        self.accountKey = accountKey
        self.tokenLifetime = backend?.tokenLifetime ?? ZendeskChatLimits.defaultTokenLifetime
        self.port = port
        self.clock = clock
        self.logger = logger
    }

    /// `Chat.instance?.setIdentity(authenticator:)`: the authenticator used at the next connect.
    public func setIdentity(authenticator: any JWTAuthenticator) {
        self.authenticator = authenticator
    }

    /// Sets VisitorInfo, honoured for anonymous sessions and discarded (with a logged warning)
    /// for authenticated ones.
    public func setVisitorInfo(_ info: ZendeskChatVisitorInfo?) {
        visitorInfo = info
    }

    /// Connects the chat: calls `getToken` when an identity is set, lets the backend validate the
    /// token, and emits the outcome's events. Calling it again during a chat re-authenticates.
    /// Connects run one at a time, in call order, each with the identity set when it was called.
    @discardableResult
    public func connect() async -> ZendeskChatConnection { await connect(using: authenticator) }

    func connect(using authenticator: (any JWTAuthenticator)?) async -> ZendeskChatConnection {
        await serialized { await self.performConnect(authenticator: authenticator) }
    }

    /// Connects; a refusal is `authentication_failed` then the fallback's events, unless `asLogin` (the login
    /// step reports its refusal through the engine), and an authenticated connect is `login_succeeded`.
    func performConnect(authenticator: (any JWTAuthenticator)?, asLogin: Bool = false) async -> ZendeskChatConnection {
        if !initialized {
            await port.initialize(accountKey: accountKey)
            initialized = true
        }
        let wasConnected = connectedVisitor != nil
        let connection = await port.connect(authenticator: authenticator, visitorInfo: visitorInfo)
        connectedVisitor = connection.visitor
        if connection.visitor.isAuthenticated, let externalId = connection.visitor.externalId {
            binding = (connection.visitor.visitorId, externalId)
        }
        if let failure = connection.failure {
            logger.error(
                "Zendesk Chat authentication failed",
                metadata: [
                    "provider": "\(reference)", "error": "\(failure.vendorError.rawValue)", "reason": "\(failure.reason.rawValue)",
                ])
            if !asLogin {
                emit(.authenticationFailed, .failure(failure.identityError(provider: reference)))
                for event in fallbackEvents(connection) { eventHub.emit(event) }
            }
        } else if connection.visitor.isAuthenticated {
            if connection.visitorInfoDiscarded {
                logger.warning(
                    "VisitorInfo discarded: the Chat backend ignores VisitorInfo for authenticated visitors",
                    metadata: ["provider": "\(reference)"])
            }
            if !asLogin { emit(.loginSucceeded, .user(connection.visitor.user)) }
        } else if !wasConnected {
            emit(.anonymousUserCreated, .user(connection.visitor.user))
        }
        return connection
    }

    /// Re-authenticates during a chat (the SDK calls `getToken` again, e.g. on reconnect).
    @discardableResult
    public func reauthenticate() async -> ZendeskChatConnection { await connect() }

    /// What follows a refused connect: `conversation_ended` (an authenticated conversation was ongoing),
    /// `fell_back_to_anonymous`, `conversation_started` (the new anonymous one).
    func fallbackEvents(_ connection: ZendeskChatConnection) -> [IdentityEvent] {
        var events: [IdentityEvent] = []
        if let ended = connection.endedConversationId {
            events.append(event(.conversationEnded, .fields(["conversation_id": .string(ended), "reason": "reauthentication_failed"])))
        }
        events.append(event(.fellBackToAnonymous, .user(connection.visitor.user)))
        if let started = connection.startedConversationId {
            events.append(event(.conversationStarted, .fields(["conversation_id": .string(started), "reason": "reauthentication_failed"])))
        }
        return events
    }

    /// The logout step: `resetIdentity`; the user who left, then `identity_reset` with the new anonymous visitor.
    public func performLogout() async throws(IdentityError) -> SessionEnd {
        let previous = await port.currentVisitor()
        let visitor = await reset()
        return SessionEnd(user: previous?.user, then: [event(.identityReset, .user(visitor.user))])
    }

    /// `Chat.resetIdentity`: a new unique anonymous visitor, the local cache (identity,
    /// VisitorInfo) discarded, previous chats no longer associated; emits `identity_reset`.
    public func resetIdentity() async throws(IdentityError) {
        await serialized { await self.performReset() }
    }

    func performReset() async {
        let visitor = await reset()
        emit(.identityReset, .user(visitor.user))
    }

    func reset() async -> ZendeskChatVisitor {
        authenticator = nil
        visitorInfo = nil
        binding = nil
        let visitor = await port.resetIdentity()
        connectedVisitor = visitor
        return visitor
    }

    /// The current user as the backend sees it: the authenticated person, or the anonymous visitor.
    public func currentUser() async -> ProviderUser? { await port.currentVisitor()?.user }

    /// The SDK's current visitor (its visitor id changes at every `resetIdentity`), `nil` before the first connect.
    public func currentVisitor() async -> ZendeskChatVisitor? { await port.currentVisitor() }

    /// Sends a chat message (connecting first when needed); emits `conversation_started` or `message_added`.
    public func sendMessage(_ text: String) async throws(IdentityError) {
        if connectedVisitor == nil { await connect() }
        let result: ZendeskChatMessageResult
        do { result = try await port.sendMessage(text) } catch { throw error.attributed(to: reference) }
        emit(
            result.startedConversation ? .conversationStarted : .messageAdded, .message(IdentityEvent.UserMessage(type: "text", body: text))
        )
    }

    /// The SDK reconnects in the foreground: an authenticated session re-authenticates.
    public func enterForeground() async throws(IdentityError) {
        if connectedVisitor != nil, authenticator != nil { await reauthenticate() }
    }

    /// Maps `Chat.NotificationAuthenticationFailed` and emits the events.
    public func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent] {
        let events = try ZendeskChatEventMapper.map(name: name, data: data, provider: reference, timestamp: clock.now())
        for event in events { eventHub.emit(event) }
        return events
    }

    /// `visitor_info`: `{"name", "email", "phone_number"}` or null to clear.
    public func setOption(_ key: String, to value: JSONValue) async throws(IdentityError) {
        guard key == "visitor_info" else { throw .unsupported("setOption(\(key))", provider: reference) }
        if value.isNull {
            visitorInfo = nil
            return
        }
        guard let object = value.objectValue else {
            throw IdentityError(
                .invalidValueType, field: "visitor_info",
                message: "visitor_info must be an object or null, not \(value.typeNameWithArticle).",
                recovery: "Pass {\"name\": ..., \"email\": ..., \"phone_number\": ...}.", provider: reference)
        }
        for (field, entry) in object
        where !["name", "email", "phone_number"].contains(field) || (!entry.isNull && entry.stringValue == nil) {
            throw IdentityError(
                .invalidValueType, field: "visitor_info.\(field)", message: "visitor_info.\(field) is not a known string field.",
                recovery: "Use string values for name, email and phone_number only.", provider: reference)
        }
        visitorInfo = ZendeskChatVisitorInfo(
            name: object["name"]?.stringValue, email: object["email"]?.stringValue, phoneNumber: object["phone_number"]?.stringValue)
    }
}
