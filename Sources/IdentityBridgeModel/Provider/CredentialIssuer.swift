/// The backend half of a provider: issues credentials for users and verifies them exactly as the
/// vendor would. Needs no SDK, no network: only the configuration and a clock.
///
/// ```swift
/// let credential = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
/// let verified = try issuer.verify(credential.jwt!, for: nil)
/// ```
public protocol CredentialIssuer: Sendable {
    /// The provider instance this issuer belongs to.
    var provider: ProviderReference { get }

    /// Issues the credential a client app hands the vendor SDK for `user`.
    /// Refuses, with a specific error, any input the vendor would reject or silently degrade.
    func issue(for user: UserIdentity) throws(IdentityError) -> Credential

    /// Checks `token` as the vendor would. `user` names the user for digests that do not carry
    /// one (Helpshift's userAuthToken); JWT issuers ignore it unless they compare identities.
    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential
}

/// An issuer whose credential is exchanged by the vendor for a JWT at the customer's endpoint
/// (Zendesk Support's JWT flow). `TokenExchangeEndpoint` serves it over HTTP-shaped input.
public protocol TokenExchanging: CredentialIssuer {
    /// The form field the vendor POSTs the user token in (Zendesk Support: `user_token`).
    var exchangeFormField: String { get }

    /// Exchanges an opaque user token for the vendor JWT; `token_invalid`, `token_expired` or
    /// `token_malformed` when the user token is not one of ours or no longer valid.
    func exchange(userToken: String) throws(IdentityError) -> String

    /// The vendor JWT for a user the caller has already identified (for example from the app's
    /// own session token), with the same rules ``CredentialIssuer/issue(for:)`` applies.
    func exchange(user: UserIdentity) throws(IdentityError) -> String
}
