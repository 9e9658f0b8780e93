package import IdentityBridgeModel

/// The backend half as the Messaging session sees it (the adapter's `ZendeskMessagingIssuer` adopts it in
/// `ZendeskMessagingProvider+Backend.swift`): the issuer of ``ZendeskMessagingProvider/login(_:)``, and its
/// freshness policy beyond the vendor's rules (`iat` skew, `max_token_lifetime`), applied before `loginUser`
/// exactly as the backend's `verify` applies it. An app's provider has none: the SDK's `expiredJWT` is its verdict.
package protocol ZendeskMessagingSessionBackend: CredentialIssuer {
    /// The error for the first freshness rule the claims (read without verifying the JWT) break now, or `nil`.
    func freshnessError(ofUnverified claims: UnverifiedJWTClaims) -> IdentityError?
}
