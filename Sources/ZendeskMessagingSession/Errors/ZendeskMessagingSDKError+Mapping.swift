package import IdentityBridgeModel

extension ZendeskMessagingSDKError {
    /// The uniform code for each vendor failure name; unknown names map by HTTP status
    /// (401 → `token_invalid`) or to `unknown_error`.
    package static let uniformCodes: [String: IdentityError.Code] = [
        ZendeskMessagingVendorCode.expiredJWT: .tokenExpired,
        ZendeskMessagingVendorCode.invalidJWT: .tokenMalformed,
        ZendeskMessagingVendorCode.unsupportedAlgorithm: .algorithmNotAllowed,
        ZendeskMessagingVendorCode.unknownSigningKey: .keyUnknown,
        ZendeskMessagingVendorCode.invalidSignature: .tokenInvalid,
        ZendeskMessagingVendorCode.missingClaim: .claimMissing,
        ZendeskMessagingVendorCode.invalidClaim: .claimInvalid,
        ZendeskMessagingVendorCode.externalIdTooLong: .valueTooLong,
        ZendeskMessagingVendorCode.unauthorized: .tokenInvalid,
        ZendeskMessagingVendorCode.networkError: .networkError,
    ]

    /// The failure as a uniform error, keeping the vendor's code and message.
    package func identityError(provider: ProviderReference) -> IdentityError {
        let code = Self.uniformCodes[self.code] ?? (httpStatus == 401 ? .tokenInvalid : .unknown)
        return IdentityError(
            code, field: field ?? (code == .tokenExpired ? "exp" : nil), vendorCode: self.code,
            message: message, recovery: Self.recovery(for: code), provider: provider)
    }

    static func recovery(for code: IdentityError.Code) -> String {
        switch code {
        case .tokenExpired: "Generate a new JWT with a later exp and call loginUser again (the SDK does not renew tokens)."
        case .tokenMalformed: "Pass the compact JWT exactly as your backend issued it."
        case .algorithmNotAllowed: "Sign the JWT with HS256; RS256 and ES256 are not supported."
        case .keyUnknown: "Set kid to the id of a signing key that exists in the admin center."
        case .tokenInvalid: "Sign the JWT with the secret of the key named in kid."
        case .claimMissing, .claimInvalid: "Issue the JWT with scope \"user\", a string external_id and correctly typed optional claims."
        case .valueTooLong: "Use an external_id of at most \(ZendeskMessagingLimits.externalIdMaxLength) characters."
        case .networkError: "Retry when the network is back."
        default: "See the vendor message; re-issue the JWT and log in again."
        }
    }
}
