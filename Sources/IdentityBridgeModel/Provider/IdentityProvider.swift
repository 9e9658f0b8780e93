/// The provider-neutral front of one vendor's user-identity system.
///
/// Backend glue code logs users in and out through this protocol and never names a vendor;
/// tests swap one provider for another. Operations a vendor does not support throw
/// ``IdentityError/Code/unsupportedOperation``; they never succeed silently.
///
/// ```swift
/// let provider = try configuration.makeProvider(app: "demo", provider: "zendesk-chat", context: context)
/// let events = provider.events()
/// let session = try await provider.login(UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
/// try await provider.logout()
/// ```
///
/// ## The session engine
///
/// A provider over a vendor SDK adopts ``SessionProvider``: logins, logouts and their events on every failure
/// are the engine's, the same on every kind (the failure table in the UniformErrorsAndEvents article).
///
/// ## Concurrency
///
/// Every provider follows one rule, whatever its vendor:
///
/// - **A provider is an `actor`.** Its session state is isolated to it; its identity
///   (``reference``, ``capabilities``, ``issuer``, ``eventHub``) is `nonisolated let`. State that
///   the vendor SDK writes through synchronous callbacks (delegates) lives in a `Mutex` the actor
///   owns; nothing else is shared and mutable.
/// - **Two logins never reach the vendor SDK at the same time.** Every provider runs its logins and
///   logouts one at a time, in call order (``SessionOperationQueue``): a login called while another
///   is running waits its turn, whatever the vendor. The SDK never sees a second login while one
///   runs, so a vendor that refuses one (Helpshift's `LoginInProgress`,
///   ``IdentityError/Code/loginInProgress``) only does so when the app also calls the SDK directly.
public protocol IdentityProvider: Sendable {
    /// The kind and instance name.
    var reference: ProviderReference { get }
    /// What this provider can do.
    var capabilities: ProviderCapabilities { get }
    /// The backend issuer and verifier for this provider's credentials.
    ///
    /// One name for one object: a provider built on the backend holds its vendor's issuer here (the adapter's
    /// `backendIssuer` is the same object, typed); a provider built in an app holds an ``AppHalfIssuer``. It must
    /// hold one: code that is handed providers by this protocol (the token service, `identityctl`, a test that
    /// swaps kinds) reads `issuer` without knowing where the provider was built, and in an app the
    /// ``AppHalfIssuer``'s `unsupported_operation` names where credentials are issued instead, which a missing
    /// issuer could not. The session engine reports its failure like any issuing that fails (`login_failed`).
    var issuer: any CredentialIssuer { get }
    /// Where this provider's uniform events are emitted.
    var eventHub: EventHub { get }

    /// Logs `user` in: issues the credential and hands it to the vendor.
    func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession
    /// Logs in with a raw vendor credential, bypassing the issuer.
    func login(credential: Credential) async throws(IdentityError) -> IdentitySession
    /// Logs in with the credential `source` hands now, and keeps `source` for every later request of
    /// the vendor SDK for a fresh credential (a re-connect, an expired token, a refresh the SDK asks
    /// for). The one hook through which an app hands any kind its credentials: a
    /// `CredentialClient`'s `credentialSource(for:from:)`, or the app's own closure. The default,
    /// for a kind whose SDK never asks again, logs in once with the first credential.
    @discardableResult
    func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession
    /// Logs the current user out.
    func logout() async throws(IdentityError)
    /// Resets to a new anonymous identity.
    func resetIdentity() async throws(IdentityError)
    /// The vendor's view of the current user, `nil` when there is none.
    func currentUser() async -> ProviderUser?

    /// Sends a message as the current user (simulated support sessions).
    func sendMessage(_ text: String) async throws(IdentityError)
    /// Tells the vendor SDK the app came to the foreground.
    func enterForeground() async throws(IdentityError)
    /// Maps a raw vendor event into uniform events and emits them.
    func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent]
    /// Changes a provider option at run time (e.g. `clear_anonymous_user_on_login`).
    func setOption(_ key: String, to value: JSONValue) async throws(IdentityError)
}

extension IdentityProvider {
    /// The plugin kind.
    public var kind: ProviderKind { reference.kind }
    /// The instance name.
    public var name: String { reference.name }

    /// A new stream of this provider's uniform events.
    public func events() -> AsyncStream<IdentityEvent> { eventHub.stream() }

    /// The credential this provider would hand a client app for `user`.
    public func credential(for user: UserIdentity) throws(IdentityError) -> Credential {
        try issuer.issue(for: user)
    }

    /// Default: `unsupported_operation`.
    public func resetIdentity() async throws(IdentityError) { throw .unsupported("resetIdentity", provider: reference) }
    /// Default: `unsupported_operation`.
    public func sendMessage(_ text: String) async throws(IdentityError) { throw .unsupported("sendMessage", provider: reference) }
    /// Default: `unsupported_operation`.
    public func enterForeground() async throws(IdentityError) { throw .unsupported("enterForeground", provider: reference) }
    /// Default: `unsupported_operation`.
    public func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent] {
        throw .unsupported("handleVendorEvent", provider: reference)
    }
    /// Default: `unsupported_operation`.
    public func setOption(_ key: String, to value: JSONValue) async throws(IdentityError) {
        throw .unsupported("setOption(\(key))", provider: reference)
    }
}
