public import IdentityBridge
public import Logging

/// The `intercom` session provider: drives an Intercom Messenger SDK through an ``IntercomSDKPort``.
///
/// `login` issues the credential, sets it on the SDK (`setUserHash` or `setUserJwt`) and logs the
/// user in. Intercom keeps one user per Messenger, so logging in a *different* user logs the previous
/// one out first (`logged_out`, then `login_succeeded`). A refused login emits `login_failed` with the
/// uniform error it throws.
///
/// Concurrency (the rule of `IdentityProvider`): logins and logouts run one at a time, in call order;
/// a login called while another is running waits its turn.
public actor IntercomProvider: IdentityProvider {
    /// The kind and instance name.
    public nonisolated let reference: ProviderReference
    /// HMAC (`user_hash` mode) or JWT (`jwt` mode), and logout.
    public nonisolated let capabilities: ProviderCapabilities
    /// The Intercom issuer and verifier.
    public nonisolated let issuer: any CredentialIssuer
    /// Where the provider's events are emitted.
    public nonisolated let eventHub = EventHub()
    let intercomIssuer: IntercomIssuer
    let port: any IntercomSDKPort
    let clock: any IdentityClock
    let logger: Logger
    /// Logins and logouts, one at a time in call order.
    var operations = SessionOperationQueue()

    /// Creates a provider over `port` on the backend side, whose ``login(_:)`` issues with `issuer`.
    public init(
        issuer: IntercomIssuer, port: any IntercomSDKPort, clock: any IdentityClock,
        logger: Logger = Logger(label: ProviderKind.intercom.loggerLabel)
    ) {
        self.reference = issuer.provider
        self.issuer = issuer
        self.intercomIssuer = issuer
        self.capabilities = [issuer.settings.mode == .jwt ? .jwt : .hmac, .logout]
        self.port = port
        self.clock = clock
        self.logger = logger
    }

    func emit(_ name: IdentityEvent.Name, _ payload: IdentityEvent.Payload = .none) {
        eventHub.emit(IdentityEvent(name, provider: reference, payload: payload, timestamp: clock.now()))
    }

    /// Runs `operation` after every operation called before it.
    func serialized<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
        await operations.enqueue(operation).value
    }

    /// `Intercom.logout()`: emits `logged_out` with the previous user (nothing when none was logged in).
    public func logout() async throws(IdentityError) {
        await serialized { await self.performLogout() }
    }

    func performLogout() async {
        let previous = await port.currentUser()
        await port.logout()
        emit(.loggedOut, previous.map { .user($0.user) } ?? .none)
    }

    /// The logged-in user as the Messenger reports it.
    public func currentUser() async -> ProviderUser? { await port.currentUser()?.user }
}
