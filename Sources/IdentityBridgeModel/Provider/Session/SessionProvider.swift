/// A provider over a vendor SDK whose session steps run on the one session engine: the operation queue,
/// ``IdentityProvider/login(_:)``, ``IdentityProvider/login(credential:)``,
/// ``IdentityProvider/login(credentialSource:)``, ``IdentityProvider/logout()``, and the events of every step and
/// every failure are written once, in this protocol's extensions; a vendor supplies only what is its own: its SDK
/// calls (``performLogin(credential:for:)``, ``performLogout()``), its rules (``checkCredential(_:)``), its error
/// mapping, and how its SDK asks for fresh credentials (``adoptCredentialSource(_:)``).
///
/// The engine's events, the same on every vendor (the table in the UniformErrorsAndEvents article):
///
/// | step | events, in order | thrown |
/// |---|---|---|
/// | a login that succeeds | the vendor's state events, `login_succeeded` | — |
/// | a credential source that fails | `login_failed` | the source's error, naming the provider |
/// | issuing that fails (`login(_:)`) | `login_failed` | the issuer's error |
/// | an empty credential | `login_failed` | `token_missing` |
/// | a credential value the vendor cannot take | `login_failed` | `invalid_value_type` |
/// | a check before the SDK refuses (``checkCredential(_:)``, ``LoginStepFailure/failed(_:)``) | `login_failed` | the check's error |
/// | the SDK or its backend refuses (``LoginStepFailure/refused(_:then:)``) | `authentication_failed`, the vendor's state events, `login_failed` | the refusal |
/// | a user switch that fails halfway | `logged_out` (the previous user), then the failure's row | the failure |
/// | a logout that succeeds | `logged_out`, the vendor's state events | — |
/// | a logout that fails | `logout_failed` | the vendor's error |
/// | a refresh whose source fails | `login_failed` | (the SDK's request is answered with the failure) |
///
/// ```swift
/// public actor AcmeProvider: SessionProvider {
///     public var sessionEngine = SessionEngine()
///     public func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession {
///         guard await port.login(token: credential["token"] ?? "") else { throw .refused(acmeRefusal()) }
///         return IdentitySession(provider: reference, user: await currentUser()!)
///     }
///     public func performLogout() async throws(IdentityError) -> SessionEnd { SessionEnd(user: await port.logout()) }
/// }
/// ```
public protocol SessionProvider: IdentityProvider, Actor {
    /// The engine's state (its operation queue): the engine's alone to read and change.
    var sessionEngine: SessionEngine { get set }
    /// The clock that stamps this provider's events.
    nonisolated var clock: any IdentityClock { get }
    /// The credential fields whose value is an object (every other field must be a string). Default: none.
    nonisolated var structuredCredentialFields: Set<String> { get }

    /// The vendor's rules for a credential before anything reaches the SDK (fields it needs, the account's
    /// mode); the engine has already refused an empty credential and a value of the wrong type. Default: none.
    func checkCredential(_ credential: Credential) throws(IdentityError)
    /// Whether the current user's session must end before `credential` logs in (it names another user, or the
    /// vendor logs the previous user out on every login); the engine then ends it through
    /// ``performLogout()`` (`logged_out`) before ``performLogin(credential:for:)``. Default: `false`.
    func mustEndSession(before credential: Credential, for user: UserIdentity?) async -> Bool
    /// The vendor's login step, in call order with the other steps: hands `credential` to the SDK and returns
    /// the session. `user` is the user ``IdentityProvider/login(_:)`` issued `credential` for (`nil` for a raw
    /// credential or a source's). The step emits only the vendor's state events (`anonymous_user_created`,
    /// `fell_back_to_anonymous`, …); never emits
    /// `login_succeeded`, `login_failed` or `authentication_failed` (the engine does).
    func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession
    /// The vendor's logout step: ends the SDK's session and says who left (`nil` when there was none or it was
    /// anonymous) and the vendor's state events that follow `logged_out` (Chat's `identity_reset`); the engine
    /// emits `logged_out`, then those, or `logout_failed`.
    func performLogout() async throws(IdentityError) -> SessionEnd
    /// Keeps `source` for every later request of the SDK for a fresh credential (a re-connect, an expired token,
    /// a refresh the SDK asks for), until ``dropCredentialSource()``. Ask it through
    /// ``freshCredential(from:)``. Default: nothing (the SDK never asks again).
    func adoptCredentialSource(_ source: @escaping CredentialSource)
    /// Forgets the source of the last ``adoptCredentialSource(_:)`` (at logout and before the next
    /// ``IdentityProvider/login(credentialSource:)``). Default: nothing.
    func dropCredentialSource()
}

/// How a vendor's login step failed: whether the SDK (or the vendor's backend) refused the credential, which the
/// engine reports as `authentication_failed` before `login_failed`, or the step failed before or outside the
/// vendor's verdict (a check before the SDK, the network), which is `login_failed` alone.
public enum LoginStepFailure: Error, Sendable {
    /// The SDK or the vendor's backend refused the credential; `events` are the vendor's state events that
    /// follow the refusal (`fell_back_to_anonymous`, a conversation that ended, …), emitted between
    /// `authentication_failed` and `login_failed`.
    case refused(IdentityError, then: [IdentityEvent] = [])
    /// The step failed without the vendor's verdict on the credential.
    case failed(IdentityError)

    /// What the SDK's failure `error` is: `network_error` (the vendor could not be reached) and `unknown_error`
    /// (a failure the vendor does not explain) are no verdict on the credential, so ``failed(_:)``; any other code
    /// the SDK or its backend answered is its verdict, ``refused(_:then:)``.
    public static func sdk(_ error: IdentityError, then events: [IdentityEvent] = []) -> LoginStepFailure {
        error.code == .networkError || error.code == .unknown ? .failed(error) : .refused(error, then: events)
    }

    /// The error the login throws.
    public var error: IdentityError {
        switch self {
        case .refused(let error, _), .failed(let error): error
        }
    }
}

/// What a vendor's logout step ended: the user who left, and the vendor's state events after `logged_out`.
public struct SessionEnd: Sendable {
    /// The user who left (`logged_out`'s data), `nil` when there was none or it was anonymous.
    public var user: ProviderUser?
    /// The vendor's state events that follow `logged_out` (a new anonymous visitor's `identity_reset`).
    public var then: [IdentityEvent]

    /// The end of `user`'s session, with the state events `then`.
    public init(user: ProviderUser?, then: [IdentityEvent] = []) {
        self.user = user
        self.then = then
    }
}

/// The session engine's state, kept by each ``SessionProvider`` in ``SessionProvider/sessionEngine``.
public struct SessionEngine: Sendable {
    /// Logins and logouts, one at a time in call order.
    var operations = SessionOperationQueue()

    /// A new engine with an empty queue.
    public init() {}
}

extension SessionProvider {
    /// Default: no object-valued credential field.
    public nonisolated var structuredCredentialFields: Set<String> { [] }
    /// Default: no rule beyond the engine's.
    public func checkCredential(_ credential: Credential) throws(IdentityError) {}
    /// Default: the session never ends before a login.
    public func mustEndSession(before credential: Credential, for user: UserIdentity?) async -> Bool { false }
    /// Default: the SDK never asks again, so the source is not kept.
    public func adoptCredentialSource(_ source: @escaping CredentialSource) {}
    /// Default: nothing was kept.
    public func dropCredentialSource() {}

    /// Emits `name` with `payload`, naming this provider and stamped by its clock.
    public nonisolated func emit(_ name: IdentityEvent.Name, _ payload: IdentityEvent.Payload = .none) {
        eventHub.emit(event(name, payload))
    }

    /// An event of this provider, stamped now (for ``LoginStepFailure/refused(_:then:)``'s state events).
    public nonisolated func event(_ name: IdentityEvent.Name, _ payload: IdentityEvent.Payload = .none) -> IdentityEvent {
        IdentityEvent(name, provider: reference, payload: payload, timestamp: clock.now())
    }
}
