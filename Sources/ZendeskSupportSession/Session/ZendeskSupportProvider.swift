public import IdentityBridgeModel
public import Logging

/// The `zendesk-support` session provider: sets anonymous or JWT identities on the Support SDK
/// through a ``ZendeskSupportSDKPort``. On the backend
/// (`ZendeskSupportAdapter`), it also registers the JWT endpoint Zendesk calls with the simulated Zendesk.
///
/// Events: `login_succeeded` (plus `anonymous_user_created` for anonymous identities),
/// `login_failed`, `logged_out`, `conversation_started` / `message_added`.
///
/// Concurrency (the rule of `IdentityProvider`): logins and logouts run one at a
/// time, in call order; a login called while another is running waits its turn (the Support SDK
/// documents no answer for overlapping `setIdentity` calls).
public actor ZendeskSupportProvider: IdentityProvider {
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
    let clock: any IdentityClock
    let logger: Logger
    /// The backend half as the session asks it (Zendesk's rules for an anonymous identity, written once in the
    /// adapter); `nil` in an app, where the SDK gives its own verdict.
    let backend: (any ZendeskSupportSessionBackend)?
    /// Logins and logouts, one at a time in call order.
    var operations = SessionOperationQueue()

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

    func emit(_ name: IdentityEvent.Name, _ payload: IdentityEvent.Payload = .none) {
        eventHub.emit(IdentityEvent(name, provider: reference, payload: payload, timestamp: clock.now()))
    }

    /// Clears the SDK identity; emits `logged_out` with the user who left.
    public func logout() async throws(IdentityError) {
        await operations.enqueue { await self.performLogout() }.value
    }

    func performLogout() async {
        let previous = await port.currentUser()
        port.observeUnauthorized(nil)
        await port.clearIdentity()
        emit(.loggedOut, previous.map { .user($0) } ?? .none)
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
