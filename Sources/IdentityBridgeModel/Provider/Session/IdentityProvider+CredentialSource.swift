/// Where a provider asks for a fresh credential: the app's credential client
/// (`IdentityBridgeClient`'s `CredentialClient.credentialSource(for:from:)`), or the app's own code.
/// The one shape every kind takes (``IdentityProvider/login(credentialSource:)``).
public typealias CredentialSource = @Sendable () async throws(IdentityError) -> Credential

extension IdentityProvider {
    /// Logs in once with the credential `source` hands (a kind whose SDK never asks again); a
    /// failure of `source` is attributed to this provider.
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try await source() } catch { throw error.attributed(to: reference) }
        return try await login(credential: credential)
    }

    /// The string `field` of each credential `source` hands, for an SDK hook that takes a token
    /// (`token_missing`, naming this provider, when the credential has no such field).
    package func tokenSource(
        _ source: @escaping CredentialSource, field: String = "jwt"
    ) -> @Sendable () async throws(IdentityError) -> String {
        let reference = reference
        return { () async throws(IdentityError) -> String in
            guard let token = try await source()[field], !token.isEmpty else {
                throw IdentityError(
                    .tokenMissing, field: field, message: "The credential source handed a credential with no \"\(field)\" field.",
                    recovery: "Hand the \(reference.kind) credential, which has \"\(field)\".", provider: reference)
            }
            return token
        }
    }
}
