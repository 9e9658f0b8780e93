public import IdentityBridge

/// The uniform taxonomy of session failures: for each failure a session can meet, the events its operation
/// emits (of ``rowEvents``, in order) and the error code it throws, the same on every kind. The
/// UniformErrorsAndEvents article prints this table; ``ProviderConformance`` holds every kind to it, and a kind
/// that deviates fails with the row it broke.
public enum FailureTaxonomy: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `login(credentialSource:)` whose source throws.
    case credentialSourceFails = "credential_source_fails"
    /// `login(_:)` whose issuing fails (a user the issuer refuses; in an app, every `login(_:)`).
    case issuingFails = "issuing_fails"
    /// `login(credential:)` with a credential that has no field.
    case emptyCredential = "empty_credential"
    /// `login(credential:)` with a value the vendor cannot take (a number where a token goes).
    case malformedCredential = "malformed_credential"
    /// The SDK or the vendor's backend refuses the credential (a forged signature).
    case vendorRefusal = "vendor_refusal"
    /// The SDK or the vendor's backend refuses the credential as expired.
    case expiredCredential = "expired_credential"
    /// The token service (the source) or the vendor cannot be reached.
    case networkError = "network_error"
    /// The token service (the source) does not answer in time: a `network_error` that says so.
    case timeout = "timeout"
    /// The vendor's logout fails.
    case failedLogout = "failed_logout"
    /// A login of another user whose credential is refused after the previous user's session ended.
    case userSwitchFailsHalfway = "user_switch_fails_halfway"

    /// The events a row compares: the engine's, not the vendor's state events (`fell_back_to_anonymous`,
    /// `identity_reset`, `anonymous_user_cleared`, conversation events), which follow what the vendor did.
    public static let rowEvents: Set<IdentityEvent.Name> = [
        .loginSucceeded, .loginFailed, .authenticationFailed, .loggedOut, .logoutFailed,
    ]

    /// The row's events, in order.
    public var events: [IdentityEvent.Name] {
        switch self {
        case .credentialSourceFails, .issuingFails, .emptyCredential, .malformedCredential, .networkError, .timeout: [.loginFailed]
        case .vendorRefusal, .expiredCredential: [.authenticationFailed, .loginFailed]
        case .failedLogout: [.logoutFailed]
        case .userSwitchFailsHalfway: [.loggedOut, .authenticationFailed, .loginFailed]
        }
    }

    /// The code the operation throws; `nil` where it is the cause's own (the source's, the issuer's).
    public var code: IdentityError.Code? {
        switch self {
        case .credentialSourceFails, .issuingFails, .failedLogout: nil
        case .emptyCredential: .tokenMissing
        case .malformedCredential: .invalidValueType
        case .vendorRefusal, .userSwitchFailsHalfway: .tokenInvalid
        case .expiredCredential: .tokenExpired
        case .networkError, .timeout: .networkError
        }
    }

    /// The row's snake_case name.
    public var description: String { rawValue }
}
