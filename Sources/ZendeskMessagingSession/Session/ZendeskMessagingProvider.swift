public import IdentityBridgeModel
public import Logging

/// The Zendesk Messaging session adapter: logs users in and out through the SDK port, follows
/// JWT expiry, and reports everything as uniform events.
///
/// - `login` issues a JWT (or takes the app's) and calls `loginUser`: `login_succeeded`, or
///   `authentication_failed`, `fell_back_to_anonymous` (the SDK continues unauthenticated), `login_failed`.
///   Logging in as a different user first logs the previous authenticated user out, so nothing
///   of theirs stays visible.
/// - A JWT that expires within `expiry_warning_margin` is warned about before login (log and
///   `credentials_refresh_requested`, `reason: expires_soon`); see `checkExpiry(of:)`. With a
///   token source set, a JWT close to expiry or already expired is swapped for the source's
///   fresher one before `loginUser`. A login refused with `expiredJWT` also emits
///   `credentials_refresh_requested` (`reason: expired`) after `fell_back_to_anonymous`.
/// - When the JWT expires the SDK answers with `expiredJWT`: `authentication_failed`
///   (`token_expired`) and `credentials_refresh_requested` (`reason: expired`). The adapter never
///   renews by itself; logged in through ``login(credentialSource:)``, it logs in with the source's
///   JWT and retries the failed operation once.
/// - `logout` of an authenticated user: `logged_out` (push unsubscribed); of an anonymous user:
///   `anonymous_user_cleared` (its conversations are gone for good), then `logged_out`; a `logoutUser` that
///   fails: `logout_failed`.
/// - `resetIdentity` is `unsupported_operation`: Messaging has no reset.
/// - Logins and logouts run on the session engine (`SessionProvider`): one at a time in call order, with the
///   engine's events on every failure.
public actor ZendeskMessagingProvider: SessionProvider {
    /// The kind and instance name.
    public nonisolated let reference: ProviderReference
    /// The Messaging JWT issuer on the backend; an `AppHalfIssuer` in an app.
    public nonisolated let issuer: any CredentialIssuer
    /// Where this provider's uniform events are emitted.
    public nonisolated let eventHub: EventHub
    let port: any ZendeskMessagingSDKPort
    /// The clock that judges `exp` and stamps the events.
    public nonisolated let clock: any IdentityClock
    let logger: Logger
    /// Seconds before `exp` within which a JWT counts as close to expiry.
    package private(set) var expiryWarningMargin: Int64
    /// The largest `expiry_warning_margin` ``setOption(_:to:)`` accepts (below the backend's `token_lifetime`).
    let maxExpiryWarningMargin: Int64
    /// The backend half as the session asks it (the freshness policy beyond the vendor's rules); `nil` in an
    /// app, where the SDK's `expiredJWT` is the only verdict.
    let backend: (any ZendeskMessagingSessionBackend)?
    /// The `jwt` of a fresh credential from the source of the last ``login(credentialSource:)``: asked on
    /// `expiredJWT` and for a JWT close to expiry at login (never by the adapter on its own).
    var freshJWT: (@Sendable () async throws(IdentityError) -> String)?
    var sessionExpiresAt: Date?
    /// The session engine's state: logins and logouts one at a time in call order.
    public var sessionEngine = SessionEngine()

    /// Creates a provider over `port` from what the app passes the Messaging SDK (its channel key goes to
    /// the SDK's own initialization): no secret, no issuer. It starts observing the port's events at once.
    ///
    /// ```swift
    /// let messaging = ZendeskMessagingProvider(port: messagingBridge)
    /// try await messaging.login(credentialSource: client.credentialSource(for: user, from: messaging.reference))
    /// ```
    ///
    /// - Parameters:
    ///   - reference: The kind and instance name (the token service's instance, for a `CredentialClient`).
    ///   - port: The Messaging SDK, through a bridge (or a simulator in tests).
    ///   - expiryWarningMargin: Seconds before `exp` within which a JWT counts as close to expiry.
    ///   - clock: The clock that judges `exp` and stamps the events.
    ///   - logger: Where authentication failures are logged (never with a token).
    public init(
        reference: ProviderReference = ProviderReference(kind: .zendeskMessaging), port: any ZendeskMessagingSDKPort,
        expiryWarningMargin: Int64 = ZendeskMessagingLimits.defaultExpiryWarningMargin, clock: any IdentityClock = SystemClock(),
        logger: Logger = Logger(label: ProviderKind.zendeskMessaging.loggerLabel)
    ) {
        self.init(
            reference: reference, port: port, backend: nil, expiryWarningMargin: expiryWarningMargin,
            maxExpiryWarningMargin: ZendeskMessagingLimits.maxExpiryWarningMargin, clock: clock, logger: logger)
    }

    /// The one initializer both halves reach: `backend` (the backend's issuer) issues for ``login(_:)`` and
    /// refuses before `loginUser` what its `verify` refuses beyond the vendor's rules; `nil` in an app.
    package init(
        reference: ProviderReference, port: any ZendeskMessagingSDKPort, backend: (any ZendeskMessagingSessionBackend)?,
        expiryWarningMargin: Int64, maxExpiryWarningMargin: Int64, clock: any IdentityClock, logger: Logger
    ) {
        let eventHub = EventHub()
        self.reference = reference
        self.issuer = backend ?? AppHalfIssuer(provider: reference)
        self.backend = backend
        self.eventHub = eventHub
        self.port = port
        self.clock = clock
        self.logger = logger
        self.expiryWarningMargin = expiryWarningMargin
        self.maxExpiryWarningMargin = maxExpiryWarningMargin
        port.addEventObserver { [eventHub, clock, logger] event in
            for uniform in event.uniformEvents(provider: reference, timestamp: clock.now()) {
                if uniform.name == .authenticationFailed, let error = uniform.error {
                    logger.warning(
                        "Zendesk Messaging authentication failed",
                        metadata: [
                            "code": "\(error.code.rawValue)", "vendor_code": "\(error.vendorCode ?? "-")", "instance": "\(reference.name)",
                        ])
                }
                eventHub.emit(uniform)
            }
        }
    }

    /// Anonymous users, JWT, merges, logout, key rotation and conversations.
    public nonisolated var capabilities: ProviderCapabilities {
        [.anonymousUsers, .jwt, .merges, .logout, .keyRotation, .conversations]
    }

    /// When the current session's JWT expires, if it was logged in here with an expiring JWT.
    package var currentSessionExpiresAt: Date? { sessionExpiresAt }

    /// How close `jwt` is to expiry by this provider's clock and `expiry_warning_margin`.
    package func checkExpiry(of jwt: String) -> ZendeskMessagingExpiryCheck {
        ZendeskMessagingExpiryCheck.evaluate(jwt: jwt, now: clock.unixSeconds(), margin: expiryWarningMargin)
    }

    /// The SDK's current user.
    public func currentUser() async -> ProviderUser? {
        await port.currentUser()?.providerUser
    }

    /// `expiry_warning_margin` (an integer number of seconds, 0 ... 3600, below `token_lifetime`);
    /// any other key is `unsupported_operation`.
    public func setOption(_ key: String, to value: JSONValue) async throws(IdentityError) {
        guard key == "expiry_warning_margin" else { throw .unsupported("setOption(\(key))", provider: reference) }
        let limit = maxExpiryWarningMargin
        guard let seconds = value.intValue, (0...limit).contains(seconds) else {
            throw IdentityError(
                .invalidValueType, field: key,
                message: "expiry_warning_margin is \(value.jsonString); it must be a whole number of seconds from 0 to \(limit).",
                recovery: "Pass seconds below token_lifetime, e.g. 300.", provider: reference)
        }
        expiryWarningMargin = seconds
    }
}
