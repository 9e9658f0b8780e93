public import IdentityBridgeModel

/// The two identity-verification failure reasons (`HelpshiftAuthenticationFailureReason`).
public enum HelpshiftAuthenticationFailureReason: String, Sendable, CaseIterable {
    /// "When no 'user authentication token' is provided".
    case authTokenNotProvided = "HelpshiftAuthenticationFailureReasonAuthTokenNotProvided"
    /// "When the 'user authentication token' is invalid".
    case invalidAuthToken = "HelpshiftAuthenticationFailureReasonInvalidAuthToken"

    /// The uniform code: `token_missing` or `token_invalid`.
    public var code: IdentityError.Code { self == .authTokenNotProvided ? .tokenMissing : .tokenInvalid }

    /// Parses the constant, the short name (`AuthTokenNotProvided`, `authTokenNotProvided`) or the
    /// enum's integer value as text (`0`, `1`).
    public init?(vendorName: String) {
        let key = HelpshiftNames.normalized(vendorName, prefixes: ["helpshiftauthenticationfailurereason"])
        switch key {
        case "authtokennotprovided", "0": self = .authTokenNotProvided
        case "invalidauthtoken", "1": self = .invalidAuthToken
        default: return nil
        }
    }

    /// The uniform error: the logged-in user is unverified and cannot file issues.
    public func identityError(provider: ProviderReference? = nil) -> IdentityError {
        switch self {
        case .authTokenNotProvided:
            IdentityError(
                .tokenMissing, field: "userAuthToken", vendorCode: rawValue,
                message: "Identity verification is on and the login had no userAuthToken; the user is unverified and cannot file issues.",
                recovery: "Issue the login dictionary with the backend issuer so it carries userAuthToken.", provider: provider)
        case .invalidAuthToken:
            IdentityError(
                .tokenInvalid, field: "userAuthToken", vendorCode: rawValue,
                message: "Identity verification is on and the userAuthToken does not match; the user is unverified and cannot file issues.",
                recovery: "Compute the HMAC-SHA256 digest with the current secret over the configured digest input.", provider: provider)
        }
    }
}
