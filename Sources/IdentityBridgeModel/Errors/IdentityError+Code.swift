extension IdentityError {
    /// A uniform error code: a stable snake_case string. New codes can be added without breaking users.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
        ExpressibleByStringLiteral
    {
        /// The snake_case spelling.
        public let rawValue: String
        /// Creates a code from its spelling.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a code from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The snake_case spelling.
        public var description: String { rawValue }

        /// Neither a user id nor an email (or another required identifier) was given.
        public static let missingIdentifier: Code = "missing_identifier"
        /// The user id breaks a vendor rule (spaces at the ends, wrong characters, ...).
        public static let invalidIdentifier: Code = "invalid_identifier"
        /// The email is not a valid address for the vendor.
        public static let invalidEmail: Code = "invalid_email"
        /// The name is missing or invalid where the vendor requires one.
        public static let invalidName: Code = "invalid_name"
        /// A value exceeds the vendor's length limit.
        public static let valueTooLong: Code = "value_too_long"
        /// No credential was supplied where one is required.
        public static let tokenMissing: Code = "token_missing"
        /// The credential is not structurally valid (not a JWT, bad base64, not JSON, ...).
        public static let tokenMalformed: Code = "token_malformed"
        /// The signature or digest does not match: wrong secret or tampered token.
        public static let tokenInvalid: Code = "token_invalid"
        /// The JWT uses an algorithm the vendor does not accept (including `none`).
        public static let algorithmNotAllowed: Code = "algorithm_not_allowed"
        /// The JWT names a key id that is missing or not configured.
        public static let keyUnknown: Code = "key_unknown"
        /// A required claim is absent.
        public static let claimMissing: Code = "claim_missing"
        /// A claim has the wrong type or value.
        public static let claimInvalid: Code = "claim_invalid"
        /// The credential has expired.
        public static let tokenExpired: Code = "token_expired"
        /// The credential was issued in the future beyond the allowed clock skew.
        public static let tokenNotYetValid: Code = "token_not_yet_valid"
        /// The credential lives longer than the vendor allows.
        public static let tokenLifetimeTooLong: Code = "token_lifetime_too_long"
        /// The external id differs from the one already bound to this visitor.
        public static let externalIdChanged: Code = "external_id_changed"
        /// The vendor account key is wrong.
        public static let invalidAccountKey: Code = "invalid_account_key"
        /// The vendor feature (e.g. Helpshift's Identity System) is not enabled.
        public static let identityFeatureDisabled: Code = "identity_feature_disabled"
        /// A count or size limit was exceeded.
        public static let limitExceeded: Code = "limit_exceeded"
        /// A value has a type the vendor does not accept.
        public static let invalidValueType: Code = "invalid_value_type"
        /// The vendor session expired; log in again with a fresh credential.
        public static let sessionExpired: Code = "session_expired"
        /// The operation needs a logged-in user.
        public static let notLoggedIn: Code = "not_logged_in"
        /// Another login is still running.
        public static let loginInProgress: Code = "login_in_progress"
        /// The vendor does not offer the operation.
        public static let unsupportedOperation: Code = "unsupported_operation"
        /// No app, provider instance or route of that name is served (the token service's 404 for a name it
        /// does not know; its message lists the names it serves when the caller is authenticated).
        public static let notFound: Code = "not_found"
        /// The configuration is invalid.
        public static let configurationInvalid: Code = "configuration_invalid"
        /// The vendor could not be reached.
        public static let networkError: Code = "network_error"
        /// Data failed to sync with the vendor's backend.
        public static let syncFailed: Code = "sync_failed"
        /// The vendor reported a failure it does not explain.
        public static let unknown: Code = "unknown_error"

        /// Every code defined by the core, in documentation order.
        public static let all: [Code] = [
            .missingIdentifier, .invalidIdentifier, .invalidEmail, .invalidName, .valueTooLong,
            .tokenMissing, .tokenMalformed, .tokenInvalid, .algorithmNotAllowed, .keyUnknown,
            .claimMissing, .claimInvalid, .tokenExpired, .tokenNotYetValid, .tokenLifetimeTooLong,
            .externalIdChanged, .invalidAccountKey, .identityFeatureDisabled, .limitExceeded,
            .invalidValueType, .sessionExpired, .notLoggedIn, .loginInProgress, .unsupportedOperation,
            .notFound, .configurationInvalid, .networkError, .syncFailed, .unknown,
        ]
    }
}
