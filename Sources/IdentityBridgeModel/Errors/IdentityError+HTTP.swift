extension IdentityError.Code {
    /// The HTTP status an endpoint answers with for this code.
    ///
    /// | status | codes |
    /// |---|---|
    /// | 401 | `token_missing`, `token_malformed`, `token_invalid`, `algorithm_not_allowed`, `key_unknown`, `claim_missing`, `claim_invalid`, `token_expired`, `token_not_yet_valid`, `token_lifetime_too_long`, `external_id_changed`, `invalid_account_key`, `session_expired` |
    /// | 403 | `identity_feature_disabled`, `not_logged_in` |
    /// | 404 | `unsupported_operation` (the provider offers no such operation), `not_found` (no app, provider or route of that name) |
    /// | 409 | `login_in_progress` |
    /// | 422 | `missing_identifier`, `invalid_identifier`, `invalid_email`, `invalid_name`, `value_too_long`, `limit_exceeded`, `invalid_value_type` |
    /// | 503 | `configuration_invalid`, `network_error`, `sync_failed`, `unknown_error`, and any code this table does not know |
    ///
    /// Malformed requests (bad JSON, a bad form) are 400 at the HTTP layer, before any code applies.
    public var httpStatus: Int {
        switch self {
        case .tokenMissing, .tokenMalformed, .tokenInvalid, .algorithmNotAllowed, .keyUnknown, .claimMissing, .claimInvalid,
            .tokenExpired, .tokenNotYetValid, .tokenLifetimeTooLong, .externalIdChanged, .invalidAccountKey, .sessionExpired:
            401
        case .identityFeatureDisabled, .notLoggedIn: 403
        case .unsupportedOperation, .notFound: 404
        case .loginInProgress: 409
        case .missingIdentifier, .invalidIdentifier, .invalidEmail, .invalidName, .valueTooLong, .limitExceeded, .invalidValueType: 422
        default: 503
        }
    }
}

extension IdentityError {
    /// The HTTP status for this error: the status it was received with (``receivedHTTPStatus``),
    /// else its code's (see ``IdentityError/Code/httpStatus``).
    public var httpStatus: Int { receivedHTTPStatus ?? code.httpStatus }
}
