/// Where a provider asks for a fresh credential: the app's credential client (e.g.
/// `IdentityBridgeClient`'s `CredentialClient.credentialProvider(for:from:)`), or the app's own code.
public typealias CredentialSource = @Sendable () async throws(IdentityError) -> Credential

/// A provider whose vendor SDK asks for the credential again at times the app does not choose
/// (a re-connect, an expired token): it logs in with a *source* of credentials rather than one
/// credential, and asks that source again whenever the SDK needs a fresh one.
///
/// A user switch (`CredentialClient.switchUser(from:to:providers:checks:)`) logs such a provider in
/// through ``login(credentialSource:)``, so that after the switch the SDK's next request for a token
/// reaches the client, never a token fixed at login time.
public protocol CredentialSourceLogin: IdentityProvider {
    /// Logs in with the credential `source` hands now, and keeps `source` for every later request
    /// of the SDK for a fresh credential.
    func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession
}

extension CredentialSourceLogin {
    /// A token closure over `source` for an SDK hook that takes a JWT: the `jwt` field of each
    /// credential `source` hands (`token_missing`, naming this provider, when it has none).
    public func jwtProvider(_ source: @escaping CredentialSource) -> @Sendable () async throws(IdentityError) -> String {
        let reference = reference
        return { () async throws(IdentityError) -> String in
            guard let jwt = try await source().jwt else {
                throw IdentityError(
                    .tokenMissing, field: "jwt", message: "The credential source handed a credential with no \"jwt\" field.",
                    recovery: "Hand the \(reference.kind) credential ({\"jwt\": ...}).", provider: reference)
            }
            return jwt
        }
    }
}
