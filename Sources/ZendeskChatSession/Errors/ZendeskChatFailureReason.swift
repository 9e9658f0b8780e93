public import IdentityBridgeModel

/// Every check the Chat backend applies when the SDK connects with a JWT, with the SDK error it
/// surfaces as and the uniform code it maps to.
///
/// Signature policy: a token that is not a well-formed HS256 JWT (or none at all) is
/// `invalidAccessToken`; a well-formed HS256 JWT whose signature does not match the shared secret
/// is `invalidSharedSecret`. Checks the vendor table does not name (clock skew, lifetime,
/// `external_id` length) surface as `invalidAccessToken` with their own uniform code.
public enum ZendeskChatFailureReason: String, CaseIterable, Hashable, Sendable {
    /// The account key given to `Chat.initialize` is not the account's.
    case accountKeyInvalid = "account_key_invalid"
    /// `getToken` returned no token or an error.
    case tokenUnavailable = "token_unavailable"
    /// The token is not a compact JWT (parts, base64url, JSON).
    case tokenMalformed = "token_malformed"
    /// The JWT is not signed with HS256.
    case algorithmNotAllowed = "algorithm_not_allowed"
    /// The HS256 signature does not match the shared secret.
    case signatureInvalid = "signature_invalid"
    /// A required claim (`external_id`, `iat`) is absent.
    case claimMissing = "claim_missing"
    /// A claim has the wrong type, or `exp` is before `iat`.
    case claimInvalid = "claim_invalid"
    /// `name` is absent, not a string or blank.
    case nameInvalid = "name_invalid"
    /// `email` is absent, not a string or not an address.
    case emailInvalid = "email_invalid"
    /// `external_id` is empty or contains whitespace or control characters.
    case externalIdInvalid = "external_id_invalid"
    /// `external_id` is longer than ``ZendeskChatLimits/externalIdMaxLength``.
    case externalIdTooLong = "external_id_too_long"
    /// `external_id` differs from the one bound to this visitor.
    case externalIdChanged = "external_id_changed"
    /// `exp` (or `iat + maxLifetime` without `exp`) has passed.
    case tokenExpired = "token_expired"
    /// `iat` is more than ``ZendeskChatLimits/clockSkew`` seconds in the future.
    case issuedInFuture = "issued_in_future"
    /// `exp` is more than ``ZendeskChatLimits/maxLifetime`` seconds after `iat`.
    case lifetimeTooLong = "lifetime_too_long"
    /// The Chat backend could not be reached (the SDK's connection `unreachable` or `failed`, no connection
    /// within the bridge's deadline, or `AuthenticationError.networkError`): no rule of the token failed.
    case networkUnavailable = "network_unavailable"

    /// The SDK `AuthenticationError` this check surfaces as.
    public var vendorError: ZendeskChatAuthenticationError {
        switch self {
        case .accountKeyInvalid: .invalidAccountKey
        case .signatureInvalid: .invalidSharedSecret
        case .nameInvalid: .invalidName
        case .emailInvalid: .invalidEmail
        case .externalIdChanged: .externalUserIdHasChanged
        case .tokenExpired: .tokenHasExpired
        case .networkUnavailable: .networkError
        case .tokenUnavailable, .tokenMalformed, .algorithmNotAllowed, .claimMissing, .claimInvalid,
            .externalIdInvalid, .externalIdTooLong, .issuedInFuture, .lifetimeTooLong:
            .invalidAccessToken
        }
    }

    /// The uniform code of this check.
    public var uniformCode: IdentityError.Code {
        switch self {
        case .accountKeyInvalid: .invalidAccountKey
        case .tokenUnavailable: .tokenMissing
        case .tokenMalformed: .tokenMalformed
        case .algorithmNotAllowed: .algorithmNotAllowed
        case .signatureInvalid: .tokenInvalid
        case .claimMissing: .claimMissing
        case .claimInvalid: .claimInvalid
        case .nameInvalid: .invalidName
        case .emailInvalid: .invalidEmail
        case .externalIdInvalid: .invalidIdentifier
        case .externalIdTooLong: .valueTooLong
        case .externalIdChanged: .externalIdChanged
        case .tokenExpired: .tokenExpired
        case .issuedInFuture: .tokenNotYetValid
        case .lifetimeTooLong: .tokenLifetimeTooLong
        case .networkUnavailable: .networkError
        }
    }

    /// The field at fault.
    public var field: String {
        switch self {
        case .accountKeyInvalid: "account_key"
        case .tokenUnavailable, .tokenMalformed, .signatureInvalid, .claimMissing, .claimInvalid: "jwt"
        case .algorithmNotAllowed: "alg"
        case .nameInvalid: "name"
        case .emailInvalid: "email"
        case .externalIdInvalid, .externalIdTooLong, .externalIdChanged: "external_id"
        case .tokenExpired: "exp"
        case .issuedInFuture: "iat"
        case .lifetimeTooLong: "exp"
        case .networkUnavailable: "network"
        }
    }

    /// How to fix a failure of this check.
    public var recovery: String {
        switch self {
        case .accountKeyInvalid: "Initialize Chat with the account key shown in the Chat dashboard."
        case .tokenUnavailable: "Make getToken complete with a JWT from your JWT service."
        case .tokenMalformed: "Return the compact JWT exactly as your JWT service issued it."
        case .algorithmNotAllowed: "Sign the Chat JWT with HS256."
        case .signatureInvalid: "Sign with the current Chat shared secret (Settings > Widget > Widget Security)."
        case .claimMissing: "Include name, email, external_id and iat in the Chat JWT."
        case .claimInvalid: "Issue iat and exp as integer seconds, exp after iat, and string name/email/external_id."
        case .nameInvalid: "Issue a non-empty name claim."
        case .emailInvalid: "Issue a valid email address in the email claim."
        case .externalIdInvalid: "Use a non-empty external_id without spaces, e.g. user-123456."
        case .externalIdTooLong: "Keep external_id at most \(ZendeskChatLimits.externalIdMaxLength) characters."
        case .externalIdChanged: "Keep the visitor's external_id, or call resetIdentity before authenticating another user."
        case .tokenExpired: "Mint a fresh JWT in getToken for every call."
        case .issuedInFuture: "Set iat to the current time; at most \(ZendeskChatLimits.clockSkew) seconds of clock skew are allowed."
        case .lifetimeTooLong: "Set exp at most \(ZendeskChatLimits.maxLifetime) seconds (7 minutes) after iat."
        case .networkUnavailable: "Retry the login when the network is back; the user keeps their identity."
        }
    }

    /// The uniform error for a failure of this check, with `message` describing the instance.
    public func identityError(_ message: String, field: String? = nil, provider: ProviderReference? = nil) -> IdentityError {
        IdentityError(
            uniformCode, field: field ?? self.field, vendorCode: vendorError.rawValue, message: message, recovery: recovery,
            provider: provider)
    }
}

/// An authentication failure reported by the Chat backend: the check that failed and why.
public struct ZendeskChatAuthenticationFailure: Error, Hashable, Sendable {
    /// The check that failed.
    public var reason: ZendeskChatFailureReason
    /// What was wrong, without secrets.
    public var detail: String
    /// The claim at fault when it is not the reason's usual field (e.g. `iat` for a missing claim).
    public var field: String?

    /// Creates a failure.
    public init(reason: ZendeskChatFailureReason, detail: String, field: String? = nil) {
        self.reason = reason
        self.detail = detail
        self.field = field
    }

    /// The SDK error name this failure is posted as.
    public var vendorError: ZendeskChatAuthenticationError { reason.vendorError }

    /// The uniform error.
    public func identityError(provider: ProviderReference? = nil) -> IdentityError {
        reason.identityError(detail, field: field, provider: provider)
    }
}
