public import IdentityBridge

/// Every check the kind applies to an Intercom credential, with the uniform code it maps to.
///
/// The vendor notes name no Intercom error strings, so ``vendorCode`` is this kind's own stable name
/// for the check (the raw value), not an Intercom API error; the uniform ``uniformCode`` is what
/// callers match on, the same for every kind.
public enum IntercomFailureReason: String, CaseIterable, Hashable, Sendable {
    /// No `user_id` (and, in `user_hash` mode, no email either).
    case userIdMissing = "user_id_missing"
    /// The `user_id` or email is blank or has spaces at its ends (Intercom would hash other bytes).
    case identifierInvalid = "identifier_invalid"
    /// The email is not an address.
    case emailInvalid = "email_invalid"
    /// No `user_hash` / JWT was given.
    case credentialMissing = "credential_missing"
    /// The `user_hash` is not 64 lowercase hex digits.
    case userHashMalformed = "user_hash_malformed"
    /// The `user_hash` is not the HMAC of the user under any configured platform secret.
    case userHashMismatch = "user_hash_mismatch"
    /// The token is not a compact JWT.
    case jwtMalformed = "jwt_malformed"
    /// The JWT is not HS256.
    case jwtAlgorithm = "jwt_algorithm"
    /// The JWT signature matches no configured platform secret.
    case jwtSignatureInvalid = "jwt_signature_invalid"
    /// A required claim (`user_id`, `exp`) is absent.
    case jwtClaimMissing = "jwt_claim_missing"
    /// A claim has the wrong type.
    case jwtClaimInvalid = "jwt_claim_invalid"
    /// `exp` has passed.
    case jwtExpired = "jwt_expired"
    /// `iat` is in the future (beyond the clock skew).
    case jwtNotYetValid = "jwt_not_yet_valid"

    /// The uniform code of this check.
    public var uniformCode: IdentityError.Code {
        switch self {
        case .userIdMissing: .missingIdentifier
        case .identifierInvalid: .invalidIdentifier
        case .emailInvalid: .invalidEmail
        case .credentialMissing: .tokenMissing
        case .userHashMalformed, .jwtMalformed: .tokenMalformed
        case .userHashMismatch, .jwtSignatureInvalid: .tokenInvalid
        case .jwtAlgorithm: .algorithmNotAllowed
        case .jwtClaimMissing: .claimMissing
        case .jwtClaimInvalid: .claimInvalid
        case .jwtExpired: .tokenExpired
        case .jwtNotYetValid: .tokenNotYetValid
        }
    }

    /// The field at fault.
    public var field: String {
        switch self {
        case .userIdMissing, .identifierInvalid: "userId"
        case .emailInvalid: "email"
        case .credentialMissing, .userHashMalformed, .userHashMismatch: "user_hash"
        case .jwtMalformed, .jwtSignatureInvalid, .jwtClaimMissing, .jwtClaimInvalid: "jwt"
        case .jwtAlgorithm: "alg"
        case .jwtExpired: "exp"
        case .jwtNotYetValid: "iat"
        }
    }

    /// How to fix a failure of this check.
    public var recovery: String {
        switch self {
        case .userIdMissing: "Pass the user's stable id as userId (in user_hash mode an email alone also works)."
        case .identifierInvalid: "Pass the user id exactly as the Messenger boots with it, without spaces at its ends."
        case .emailInvalid: "Pass a valid email address or leave it out."
        case .credentialMissing: "Send the user_hash (or the JWT) your backend issued with the user."
        case .userHashMalformed: "Send the user_hash as issued: 64 lowercase hex digits."
        case .userHashMismatch:
            "Compute user_hash with the identity verification secret of the platform the Messenger runs on (Settings > Security)."
        case .jwtMalformed: "Send the compact JWT exactly as issued."
        case .jwtAlgorithm: "Sign the Intercom JWT with HS256."
        case .jwtSignatureInvalid: "Sign with the identity verification secret of the platform the Messenger runs on."
        case .jwtClaimMissing: "Include user_id and exp in the Intercom JWT."
        case .jwtClaimInvalid: "Issue user_id and email as strings and exp and iat as integer seconds."
        case .jwtExpired: "Issue a fresh JWT; exp is the end of its life."
        case .jwtNotYetValid: "Set iat to the current time (check the server clock)."
        }
    }

    /// This kind's name for the check (its raw value): the error's `vendor_code`.
    public var vendorCode: String { rawValue }

    /// The uniform error for a failure of this check, with `message` describing the instance.
    public func identityError(_ message: String, field: String? = nil, provider: ProviderReference? = nil) -> IdentityError {
        IdentityError(
            uniformCode, field: field ?? self.field, vendorCode: vendorCode, message: message, recovery: recovery, provider: provider)
    }
}

/// A refusal by the Intercom backend (the simulator's, or the real one's through an SDK bridge).
public struct IntercomLoginFailure: Error, Hashable, Sendable {
    /// The check that failed.
    public var reason: IntercomFailureReason
    /// What was wrong, without secrets.
    public var detail: String

    /// Creates a failure.
    public init(reason: IntercomFailureReason, detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// The uniform error.
    public func identityError(provider: ProviderReference? = nil) -> IdentityError { reason.identityError(detail, provider: provider) }
}
