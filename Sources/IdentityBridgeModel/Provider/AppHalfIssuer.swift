/// The issuer of a provider built in an app: it holds no secret, so it issues and verifies nothing.
///
/// An app builds a vendor's session provider from the SDK port and the vendor's public app
/// identifiers alone, and logs users in with ``IdentityProvider/login(credentialSource:)``: the
/// credentials come from the backend (a `CredentialClient`'s source, or the app's own closure).
/// Such a provider's ``IdentityProvider/issuer`` is this one, and every call on it, as well as
/// ``IdentityProvider/login(_:)`` and ``IdentityProvider/credential(for:)``, fails with
/// `unsupported_operation` saying where credentials are issued instead.
public struct AppHalfIssuer: CredentialIssuer {
    /// The provider instance this issuer stands in for.
    public let provider: ProviderReference

    /// Creates the stand-in issuer of `provider`.
    public init(provider: ProviderReference) { self.provider = provider }

    /// Always `unsupported_operation`: an app holds no signing secret.
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential { throw refusal("issue a credential") }

    /// Always `unsupported_operation`: an app holds no signing secret.
    public func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        throw refusal("verify a credential")
    }

    private func refusal(_ operation: String) -> IdentityError {
        IdentityError(
            .unsupportedOperation,
            message: "\(provider) was built in an app, without a signing secret, so it cannot \(operation).",
            recovery: "Issue and verify credentials on the backend (the token service), and log the app in with "
                + "login(credentialSource:), for example with a CredentialClient's credentialSource(for:from:).",
            provider: provider)
    }
}
