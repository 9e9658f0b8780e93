public import IdentityBridgeModel

extension CredentialClient {
    /// A source of `user`'s credential for `provider` (cached, refreshed ahead, single flight): what
    /// every kind's `IdentityProvider.login(credentialSource:)` takes.
    ///
    /// An SDK asks again when the credential it holds no longer serves (Zendesk Messaging's
    /// `expiredJWT`, Zendesk Chat's re-authentication, Helpshift's `refreshUserCredentials` /
    /// `userSessionExpired`), so every call after the first invalidates the credential this source
    /// handed last before it asks the client: the SDK never gets back the credential it just reported.
    /// Concurrent calls still share one request, and a newer credential fetched meanwhile is kept.
    /// With `refreshing`, every call, the first included, drops the cached credential, so it answers
    /// an SDK that asks for *fresh* credentials with a newly minted one.
    ///
    /// ```swift
    /// try await chat.login(credentialSource: client.credentialSource(for: user, from: chatRef))
    /// ```
    public func credentialSource(for user: UserIdentity, from provider: ProviderReference, refreshing: Bool = false) -> CredentialSource {
        credentialSource(for: user, key: Key(provider: provider, user: user), handed: HandedCredential(nil), refreshing: refreshing)
    }
}
