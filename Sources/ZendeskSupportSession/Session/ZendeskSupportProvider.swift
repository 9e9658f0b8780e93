public import IdentityBridgeModel
public import Logging

/// The `zendesk-support` session provider: sets anonymous or JWT identities on the Support SDK
/// through a ``ZendeskSupportSDKPort``. On the backend
/// (`ZendeskSupportAdapter`), it also registers the JWT endpoint Zendesk calls with the simulated Zendesk.
///
/// Logins and logouts run on the session engine (`SessionProvider`): its events on every failure, and one
/// operation at a time in call order (the Support SDK documents no answer for overlapping `setIdentity` calls).
/// Its own events: `anonymous_user_created` before `login_succeeded` for an anonymous identity, and
/// `authentication_failed` when the SDK reports HTTP 401 on a later request; `conversation_started` /
/// `message_added`.
public actor ZendeskSupportProvider: SessionProvider {
    /// The kind and instance name.
    public nonisolated let reference: ProviderReference
    /// Anonymous users or JWT with token exchange, logout, conversations.
    public nonisolated let capabilities: ProviderCapabilities
    /// The user-token issuer and exchanger on the backend; an `AppHalfIssuer` in an app.
    public nonisolated let issuer: any CredentialIssuer
    /// Where the provider's events are emitted.
    public nonisolated let eventHub = EventHub()
    /// The Mobile SDK admin setting: which identity type Zendesk accepts.
    public nonisolated let auth: ZendeskSupportAuthMode

    let port: any ZendeskSupportSDKPort
    /// The clock that stamps the events.
    public nonisolated let clock: any IdentityClock
    let logger: Logger
    /// The backend half as the session asks it (Zendesk's rules for an anonymous identity, written once in the
    /// adapter); `nil` in an app, where the SDK gives its own verdict.
    let backend: (any ZendeskSupportSessionBackend)?
    /// The session engine's state.
    public var sessionEngine = SessionEngine()

    /// Creates a provider over `port` from the app's admin setting alone: no secret, no issuer.
    ///
    /// ```swift
    /// let support = ZendeskSupportProvider(auth: .jwt, port: supportBridge)
    /// try await support.login(credentialSource: client.credentialSource(for: user, from: support.reference))
    /// ```
    ///
    /// - Parameters:
    ///   - reference: The kind and instance name (the token service's instance, for a `CredentialClient`).
    ///   - auth: The authentication type on the Mobile SDK page of the Zendesk Support admin.
    ///   - port: The Support SDK, through a bridge (or a simulator in tests).
    ///   - clock: The clock of the events' timestamps.
    ///   - logger: Where the SDK's refusals are logged (never with a token).
    public init(
        reference: ProviderReference = ProviderReference(kind: .zendeskSupport), auth: ZendeskSupportAuthMode,
        port: any ZendeskSupportSDKPort, clock: any IdentityClock = SystemClock(),
        logger: Logger = Logger(label: ProviderKind.zendeskSupport.loggerLabel)
    ) {
        self.init(reference: reference, auth: auth, port: port, backend: nil, clock: clock, logger: logger)
    }

    /// The one initializer both halves reach: `backend` (the backend's issuer) issues for ``login(_:)`` and
    /// applies Zendesk's rules to an anonymous identity before the SDK sees it; `nil` in an app.
    package init(
        reference: ProviderReference, auth: ZendeskSupportAuthMode, port: any ZendeskSupportSDKPort,
        backend: (any ZendeskSupportSessionBackend)?, clock: any IdentityClock, logger: Logger
    ) {
        self.reference = reference
        self.auth = auth
        self.issuer = backend ?? AppHalfIssuer(provider: reference)
        self.port = port
        self.clock = clock
        self.logger = logger
        self.backend = backend
        self.capabilities = auth == .jwt ? [.jwt, .tokenExchange, .logout, .conversations] : [.anonymousUsers, .logout, .conversations]
    }

    /// The logout step: clears the SDK identity and returns the user who left.
    public func performLogout() async throws(IdentityError) -> SessionEnd {
        let previous = await port.currentUser()
        port.observeUnauthorized(nil)
        await port.clearIdentity()
        return SessionEnd(user: previous)
    }

    /// The user Zendesk associates with the current identity.
    public func currentUser() async -> ProviderUser? { await port.currentUser() }

    /// Sends a message as the current user (`not_logged_in` without an identity).
    public func sendMessage(_ text: String) async throws(IdentityError) {
        let created: Bool
        do { created = try await port.sendMessage(text) } catch { throw error.attributed(to: reference) }
        emit(created ? .conversationStarted : .messageAdded, .message(IdentityEvent.UserMessage(type: "text", body: text)))
    }
}
