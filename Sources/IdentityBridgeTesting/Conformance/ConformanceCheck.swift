/// One contract check of ``ProviderConformance``. Each runs on a fresh provider and simulator.
public enum ConformanceCheck: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Logging a user in succeeds, emits `login_succeeded` once, and the vendor then reports that user.
    case login = "login"
    /// A credential minted by the provider's own issuer logs the user in through
    /// `login(credential:)` (the path a client app's SDK takes).
    case credentialLogin = "credential_login"
    /// Logging in as another user replaces the previous one: a different vendor user, none of the
    /// previous user's data (email, conversations) left behind.
    case reloginAsAnotherUser = "relogin_as_another_user"
    /// Logging the same user in again reaches the same vendor user.
    case sameUserRecognised = "same_user_recognised"
    /// `logout()` emits `logged_out` and leaves no state of the user behind; without the
    /// `.logout` capability it throws `unsupported_operation`.
    case logout = "logout"
    /// `resetIdentity()` emits `identity_reset` and leaves a new anonymous identity; without the
    /// `.reset` capability it throws `unsupported_operation` and changes nothing.
    case reset = "reset"
    /// Operations outside the capabilities throw `unsupported_operation`; unknown options and
    /// unknown vendor events never succeed silently.
    case unsupportedOperations = "unsupported_operations"
    /// A credential with a wrong signature is refused with `token_invalid`.
    case badCredential = "bad_credential"
    /// A credential used after its expiry is refused with `token_expired`.
    case expiredCredential = "expired_credential"
    /// A user with neither id nor email is refused with `missing_identifier`, by the issuer and by login.
    case missingIdentifier = "missing_identifier"
    /// A credential source that fails (throws `network_error`, and times out) fails the login with the
    /// source's code and only `login_failed` (``FailureTaxonomy/credentialSourceFails``,
    /// ``FailureTaxonomy/networkError``, ``FailureTaxonomy/timeout``).
    case credentialSourceFailure = "credential_source_failure"
    /// An empty credential is `token_missing` and a value of the wrong type `invalid_value_type`, each with
    /// only `login_failed` (``FailureTaxonomy/emptyCredential``, ``FailureTaxonomy/malformedCredential``).
    case malformedCredential = "malformed_credential"
    /// Logging another user in with a refused credential ends the previous user's session first:
    /// `logged_out`, `authentication_failed`, `login_failed` (``FailureTaxonomy/userSwitchFailsHalfway``).
    case userSwitchFailure = "user_switch_failure"
    /// A logout the vendor fails is `logout_failed` and no `logged_out` (``FailureTaxonomy/failedLogout``).
    case failedLogout = "failed_logout"
    /// No secret appears in any event, error, session or description produced by the other checks.
    case noSecretLeaks = "no_secret_leaks"

    /// The check's snake_case name.
    public var description: String { rawValue }
}

/// How one check ended.
public enum ConformanceOutcome: Hashable, Sendable {
    /// Every expectation held.
    case passed
    /// At least one expectation failed (see the findings).
    case failed
    /// The caller declared the check not applicable, or the provider's capabilities make it moot.
    case notApplicable(reason: String)
}
