public import IdentityBridge
public import Logging

/// The `intercom` session provider: drives an Intercom Messenger SDK through an ``IntercomSDKPort``.
///
/// `login` issues the credential, sets it on the SDK (`setUserHash` or `setUserJwt`) and logs the
/// user in. Intercom keeps one user per Messenger, so logging in a *different* user logs the previous
/// one out first (`logged_out`, then `login_succeeded`). Logins and logouts run on IdentityBridge's session
/// engine (`SessionProvider`): one at a time in call order, with the same events on every failure as the
/// built-in kinds (a refused login: `authentication_failed`, then `login_failed`).
public actor IntercomProvider: SessionProvider {
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
    /// The clock that stamps the events.
    public nonisolated let clock: any IdentityClock
    let logger: Logger
    /// The session engine's state.
    public var sessionEngine = SessionEngine()

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

    /// The logout step (`Intercom.logout()`): returns the user who left.
    public func performLogout() async throws(IdentityError) -> SessionEnd {
        let previous = await port.currentUser()
        await port.logout()
        return SessionEnd(user: previous?.user)
    }

    /// The logged-in user as the Messenger reports it.
    public func currentUser() async -> ProviderUser? { await port.currentUser()?.user }
}
