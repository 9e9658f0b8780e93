import Foundation
public import IdentityBridgeModel
public import Logging
import Synchronization

/// The Helpshift session adapter: drives a ``HelpshiftSDKPort`` (the SDK, or a simulator) and
/// maps everything the SDK reports into uniform events on ``eventHub``.
///
/// ```swift
/// let provider = HelpshiftProvider(port: sdk)
/// let session = try await provider.login(UserIdentity(userId: "u-1", email: "ann@example.com"))
/// try await provider.sendMessage("Hello")
/// ```
///
/// Logins and logouts run on the session engine (`SessionProvider`): one at a time in call order, so the SDK
/// never answers `LoginInProgress` to this provider, with the engine's events on every failure. What the SDK's
/// delegate reports goes through a `Mutex` the actor owns; a refusal it reports during a login is the login's
/// `authentication_failed`, emitted once by the engine.
public actor HelpshiftProvider: SessionProvider {
    /// The kind and instance name.
    public nonisolated let reference: ProviderReference
    /// Anonymous users, HMAC digests, logout, key rotation, conversations; plus JWT and the
    /// Identity System when `identity_system` is on. Never `reset`.
    public nonisolated let capabilities: ProviderCapabilities
    /// The backend issuer (login dictionaries, digests, identities JWTs); an `AppHalfIssuer` in an app.
    public nonisolated let issuer: any CredentialIssuer
    /// Where the uniform events go.
    public nonisolated let eventHub: EventHub
    /// Whether logins go through the Identity System (`loginWithIdentity` with an identities JWT).
    public nonisolated let identitySystem: Bool
    /// Whether no email or name is sent to Helpshift (`full_privacy`), whatever the credential carries.
    package nonisolated let fullPrivacy: Bool
    /// The backend half as the session asks it (identities JWTs, and why the SDK refused a login);
    /// `nil` in an app, where the SDK's own verdicts stand.
    let backend: (any HelpshiftSessionBackend)?
    let port: any HelpshiftSDKPort
    /// The clock that stamps the events.
    public nonisolated let clock: any IdentityClock
    let logger: Logger

    struct State {
        var prepared = false
        var clearAnonymousUserOnLogin: Bool
        var failures: [IdentityError] = []
        var lastUnreadCount: IdentityEvent.UnreadCount?
        var sessionExpired = false
        /// The device's anonymous user last seen and not yet reported cleared.
        var anonymous: HelpshiftPortUser?
        /// Whether a login step runs: a refusal the delegate reports is then the login's, which the engine emits.
        var inLogin = false
    }
    let state: Mutex<State>
    /// The session engine's state: logins and logouts one at a time in call order.
    public var sessionEngine = SessionEngine()
    /// The refresher of the last ``login(credentialSource:)``, until ``logout()`` or the next one.
    var credentialRefresher: Task<Void, Never>?

    /// Creates a provider over `port` from the app's SDK options alone, with no secret and no issuer, and
    /// registers it as the SDK delegate. The app installs the SDK with its domain and platform id itself.
    ///
    /// ```swift
    /// let helpshift = HelpshiftProvider(port: helpshiftBridge)
    /// try await helpshift.login(credentialSource: client.credentialSource(for: user, from: helpshift.reference))
    /// ```
    ///
    /// - Parameters:
    ///   - reference: The kind and instance name (the token service's instance, for a `CredentialClient`).
    ///   - port: The Helpshift SDK, through a bridge (or a simulator in tests).
    ///   - identitySystem: Whether logins go through the Identity System (`loginWithIdentity`).
    ///   - fullPrivacy: Whether no email or name is sent to Helpshift.
    ///   - clearAnonymousUserOnLogin: The SDK's `clearAnonymousUserOnLogin` option.
    ///   - clock: The clock of the events' timestamps.
    ///   - logger: Where the SDK's failures are logged (never with a token).
    public init(
        reference: ProviderReference = ProviderReference(kind: .helpshift), port: any HelpshiftSDKPort, identitySystem: Bool = false,
        fullPrivacy: Bool = false, clearAnonymousUserOnLogin: Bool = false, clock: any IdentityClock = SystemClock(),
        logger: Logger = Logger(label: ProviderKind.helpshift.loggerLabel)
    ) {
        self.init(
            reference: reference, port: port, backend: nil, identitySystem: identitySystem, fullPrivacy: fullPrivacy,
            clearAnonymousUserOnLogin: clearAnonymousUserOnLogin, clock: clock, logger: logger)
    }

    /// The one initializer both halves reach: `backend` (the backend's issuer) issues for ``login(_:)``, mints
    /// identities JWTs and says why the SDK refused a login, the way the backend's `verify` would; `nil` in an app.
    package init(
        reference: ProviderReference, port: any HelpshiftSDKPort, backend: (any HelpshiftSessionBackend)?,
        identitySystem: Bool, fullPrivacy: Bool, clearAnonymousUserOnLogin: Bool, clock: any IdentityClock, logger: Logger
    ) {
        self.reference = reference
        self.issuer = backend ?? AppHalfIssuer(provider: reference)
        self.backend = backend
        self.identitySystem = identitySystem
        self.fullPrivacy = fullPrivacy
        self.eventHub = EventHub()
        self.port = port
        self.clock = clock
        self.logger = logger
        var capabilities: ProviderCapabilities = [.anonymousUsers, .hmac, .logout, .keyRotation, .conversations]
        if identitySystem { capabilities.formUnion([.jwt, .identitySystem]) }
        self.capabilities = capabilities
        self.state = Mutex(State(clearAnonymousUserOnLogin: clearAnonymousUserOnLogin))
        port.setDelegate { [weak self] call in self?.receive(call) }
    }

    // MARK: Delegate

    /// Handles one delegate call: maps it, emits the uniform events, remembers failures for the running call.
    nonisolated func receive(_ call: HelpshiftDelegateCall) {
        let now = clock.now()
        switch call {
        case .authenticationFailed(let reason):
            let error = reason.identityError(provider: reference)
            let inLogin = state.withLock { state in
                state.failures.append(error)
                return state.inLogin
            }
            if !inLogin {
                eventHub.emit(IdentityEvent(.authenticationFailed, provider: reference, payload: .failure(error), timestamp: now))
            }
        case .event(let name, let data):
            let events: [IdentityEvent]
            do { events = try HelpshiftEventMapper.map(name: name, data: data, provider: reference, timestamp: now) } catch {
                logger.warning(
                    "Helpshift event data is malformed; passed through as vendor_event",
                    metadata: ["event": "\(name.prefix(64))", "code": "\(error.code.rawValue)", "field": "\(error.field ?? "-")"])
                eventHub.emit(IdentityEvent(.vendorEvent, provider: reference, payload: .vendor(name: name, data: data), timestamp: now))
                return
            }
            let inLogin = state.withLock { $0.inLogin }
            for event in events {
                remember(event)
                if !(inLogin && event.name == .authenticationFailed) { eventHub.emit(event) }
            }
        }
    }

    private nonisolated func remember(_ event: IdentityEvent) {
        state.withLock { state in
            switch event.payload {
            case .unreadCount(let count): state.lastUnreadCount = count
            case .failure(let error) where event.name != .sessionExpired: state.failures.append(error)
            case .fields(let fields) where event.name == .attributesRejected:
                state.failures.append(
                    Self.identityError(from: fields["error"])
                        ?? IdentityError(
                            .unknown, message: "Helpshift refused the data.",
                            recovery: "Check the data against the documented limits and retry."))
            default: break
            }
            if event.name == .sessionExpired { state.sessionExpired = true }
        }
    }

    static func identityError(from json: JSONValue?) -> IdentityError? {
        guard let json, let code = json["code"]?.stringValue, let message = json["message"]?.stringValue else { return nil }
        return IdentityError(
            IdentityError.Code(rawValue: code), field: json["field"]?.stringValue, vendorCode: json["vendor_code"]?.stringValue,
            message: message, recovery: json["recovery"]?.stringValue)
    }

    /// Forgets failures of earlier calls; returns nothing.
    nonisolated func beginCall() { state.withLock { $0.failures.removeAll() } }
    /// Marks a login step running (`true`) or ended: the delegate's refusals are then the login's.
    nonisolated func setInLogin(_ running: Bool) { state.withLock { $0.inLogin = running } }
    /// The failures reported by the delegate since ``beginCall()``.
    nonisolated func reportedFailures() -> [IdentityError] { state.withLock { $0.failures } }

    /// Applies the configured `clearAnonymousUserOnLogin` once, before the first SDK call.
    func prepare() async {
        let (first, clear) = state.withLock { state in
            defer { state.prepared = true }
            return (!state.prepared, state.clearAnonymousUserOnLogin)
        }
        if first { await port.clearAnonymousUserOnLogin(clear) }
    }

    nonisolated func providerUser(_ user: HelpshiftPortUser) -> ProviderUser {
        ProviderUser(
            vendorUserId: user.localId, externalId: user.userId, email: user.email, name: user.name,
            isAnonymous: user.isAnonymous, isAuthenticated: !user.isAnonymous && user.isVerified)
    }

    // MARK: IdentityProvider

    /// The vendor's view of the current user.
    public func currentUser() async -> ProviderUser? {
        await port.currentUser().map(providerUser)
    }

    /// The logout step (`Helpshift.logout()`): the user's conversations are no longer visible. Returns the
    /// user who left (`nil` for the anonymous user).
    public func performLogout() async throws(IdentityError) -> SessionEnd {
        await prepare()
        let previous = await port.currentUser()
        await port.logout()
        guard let previous, !previous.isAnonymous else { return SessionEnd(user: nil) }
        return SessionEnd(user: providerUser(previous))
    }

    /// Helpshift has no reset: always `unsupported_operation`.
    public func resetIdentity() async throws(IdentityError) {
        throw IdentityError(
            .unsupportedOperation, message: "Helpshift has no identity reset; log out to return to the anonymous user.",
            recovery: "Call logout() instead.", provider: reference)
    }

    /// Sends `text` as the current user; unverified logged-in users are refused (`token_missing` / `token_invalid`).
    public func sendMessage(_ text: String) async throws(IdentityError) {
        await prepare()
        switch await port.sendMessage(text) {
        case .sent: return
        case .refused(let reason):
            var error = reason.identityError(provider: reference)
            error.message = "Helpshift refused the message: " + error.message
            throw error
        }
    }

    /// Tells the SDK the app came to the foreground (session expiry and refresh events follow).
    public func enterForeground() async throws(IdentityError) {
        await prepare()
        await port.appDidEnterForeground()
    }

    /// Maps a raw Helpshift event and emits the result.
    public func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent] {
        let events = try HelpshiftEventMapper.map(name: name, data: data, provider: reference, timestamp: clock.now())
        for event in events {
            remember(event)
            eventHub.emit(event)
        }
        return events
    }

    /// The one run-time option: `clear_anonymous_user_on_login` (boolean); any other key is `unsupported_operation`.
    public func setOption(_ key: String, to value: JSONValue) async throws(IdentityError) {
        guard key == "clear_anonymous_user_on_login" else {
            throw IdentityError(
                .unsupportedOperation, field: key, message: "Helpshift has no run-time option \"\(key)\".",
                recovery: "Use clear_anonymous_user_on_login.", provider: reference)
        }
        guard let flag = value.boolValue else {
            throw IdentityError(
                .invalidValueType, field: key,
                message: "clear_anonymous_user_on_login is \(value.typeNameWithArticle); it must be true or false.",
                recovery: "Pass true or false.", provider: reference)
        }
        state.withLock { state in
            state.clearAnonymousUserOnLogin = flag
            state.prepared = true
        }
        await port.clearAnonymousUserOnLogin(flag)
    }

    /// Whether the SDK reported `userSessionExpired` since the last successful Identity System login.
    package nonisolated var isSessionExpired: Bool { state.withLock { $0.sessionExpired } }
}
