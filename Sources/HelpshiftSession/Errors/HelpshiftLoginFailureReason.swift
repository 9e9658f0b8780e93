public import IdentityBridgeModel

/// The failure reasons of the Identity System login (`loginWithIdentity` failure callback), as
/// listed in vendor-notes, each with its uniform error code.
public enum HelpshiftLoginFailureReason: String, Sendable, CaseIterable {
    /// Another login call is still running.
    case loginInProgress = "LoginInProgress"
    /// The login config dictionary is not valid (only string, number and boolean values).
    case loginConfigInvalid = "LoginConfigInvalid"
    /// The identities JWT is not a valid JWT (format, algorithm, signature, age of `iat`).
    case identityTokenInvalid = "IdentityTokenInvalid"
    /// Some identities in the JWT are not valid (per-key reasons in the error data).
    case identitiesDataInvalid = "IdentitiesDataInvalid"
    /// The login config has more entries than allowed.
    case loginConfigSizeLimitExceeded = "LoginConfigSizeLimitExceeded"
    /// The JWT has more identities than allowed.
    case identitiesSizeLimitExceeded = "IdentitiesSizeLimitExceeded"
    /// The Identity System is not enabled for the domain.
    case identityFeatureNotEnabled = "IdentityFeatureNotEnabled"
    /// Full privacy is off and the JWT has neither a `uid` nor an `email` identity.
    case uidOrEmailIsMandatory = "UidOrEmailIsMandatory"
    /// The JWT has no `iat`.
    case iatIsMandatory = "IatIsMandatory"
    /// The SDK could not reach Helpshift.
    case networkError = "NetworkError"
    /// Helpshift failed without saying why.
    case unknownError = "UnknownError"

    /// The uniform code for this reason.
    public var code: IdentityError.Code {
        switch self {
        case .loginInProgress: .loginInProgress
        case .loginConfigInvalid: .configurationInvalid
        case .identityTokenInvalid: .tokenInvalid
        case .identitiesDataInvalid: .claimInvalid
        case .loginConfigSizeLimitExceeded: .limitExceeded
        case .identitiesSizeLimitExceeded: .limitExceeded
        case .identityFeatureNotEnabled: .identityFeatureDisabled
        case .uidOrEmailIsMandatory: .missingIdentifier
        case .iatIsMandatory: .claimMissing
        case .networkError: .networkError
        case .unknownError: .unknown
        }
    }

    /// The field at fault, when the reason names one.
    var field: String? {
        switch self {
        case .loginConfigInvalid, .loginConfigSizeLimitExceeded: "config"
        case .identityTokenInvalid: "jwt"
        case .identitiesDataInvalid, .identitiesSizeLimitExceeded: "identities"
        case .uidOrEmailIsMandatory: "identities"
        case .iatIsMandatory: "iat"
        default: nil
        }
    }

    /// How to fix it.
    package var recovery: String {
        switch self {
        case .loginInProgress: "Wait for the running login to finish before logging in again."
        case .loginConfigInvalid: "Pass only string, number and boolean values in the login config."
        case .identityTokenInvalid: "Issue a fresh HS256 identities JWT signed with the Identity System secret (iat under 24 hours old)."
        case .identitiesDataInvalid: "Fix the identities named in the error data (lengths, empty keys or values, metadata)."
        case .loginConfigSizeLimitExceeded: "Pass at most \(HelpshiftLimits.collectionMaxCount) login config entries."
        case .identitiesSizeLimitExceeded: "Put at most \(HelpshiftLimits.collectionMaxCount) identities in the JWT."
        case .identityFeatureNotEnabled: "Enable the Identity System for the domain, or set identity_system: false."
        case .uidOrEmailIsMandatory: "Add a \"uid\" or \"email\" identity (required while full privacy is off)."
        case .iatIsMandatory: "Add \"iat\" (Unix seconds) to the JWT payload."
        case .networkError: "Retry when the device is online."
        case .unknownError: "Retry; contact Helpshift support if it persists."
        }
    }

    /// Parses a reason written as `LoginInProgress`, `loginInProgress`,
    /// `HelpshiftLoginFailureReasonLoginInProgress` or `HelpshiftLoginInProgress` (case-insensitive).
    public init?(vendorName: String) {
        let key = HelpshiftNames.normalized(vendorName, prefixes: ["helpshiftloginfailurereason", "helpshift"])
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }

    /// The uniform error for this reason; `errors` are the per-key reasons of IdentitiesDataInvalid.
    public func identityError(errors: [String: String] = [:], provider: ProviderReference? = nil) -> IdentityError {
        var message = "Helpshift refused the Identity System login: \(rawValue)."
        if !errors.isEmpty {
            message += " " + errors.keys.sorted().map { "\($0): \(errors[$0] ?? "")" }.joined(separator: ", ") + "."
        }
        return IdentityError(code, field: field, vendorCode: rawValue, message: message, recovery: recovery, provider: provider)
    }
}
