public import IdentityBridge

/// The `zendesk-support` session provider: sets anonymous or JWT identities on the Support SDK
/// through a ``ZendeskSupportSDKPort`` and serves its JWT endpoint.
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
    /// The user-token issuer and exchanger.
    public nonisolated let issuer: any CredentialIssuer
    /// Where the provider's events are emitted.
    public nonisolated let eventHub = EventHub()
    /// The JWT endpoint logic registered with Zendesk.
    public nonisolated let endpoint: TokenExchangeEndpoint

    let supportIssuer: ZendeskSupportIssuer
    let port: any ZendeskSupportSDKPort
    let clock: any IdentityClock
    /// Logins and logouts, one at a time in call order.
    var operations = SessionOperationQueue()

    /// Creates a provider and registers its JWT endpoint with `port`.
    public init(issuer: ZendeskSupportIssuer, port: any ZendeskSupportSDKPort, clock: any IdentityClock) {
        self.reference = issuer.provider
        self.issuer = issuer
        self.supportIssuer = issuer
        self.port = port
        self.clock = clock
        self.capabilities =
            issuer.auth == .jwt ? [.jwt, .tokenExchange, .logout, .conversations] : [.anonymousUsers, .logout, .conversations]
        let endpoint = TokenExchangeEndpoint(exchanger: issuer)
        self.endpoint = endpoint
        port.registerJWTEndpoint { body, contentType in await endpoint.handle(formBody: body, contentType: contentType) }
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
