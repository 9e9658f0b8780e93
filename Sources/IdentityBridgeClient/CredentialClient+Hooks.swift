public import IdentityBridgeModel

extension CredentialClient {
    /// A source of `user`'s credential for `provider`: what every kind's
    /// `IdentityProvider.login(credentialSource:)` takes.
    ///
    /// A repeated call is answered as ``credential(for:from:)`` answers: from the cache while the
    /// credential is fresh (no request), refreshed ahead of expiry, one request shared by concurrent
    /// callers. That is what Zendesk Chat needs, whose SDK calls `getToken` at every connect and
    /// re-connect. When the SDK *refused* the credential (Messaging's `onInvalidAuth` or `expiredJWT`,
    /// Chat's authentication-failed notification, Helpshift's `userSessionExpired` /
    /// `refreshUserCredentials`), the provider asks through `CredentialSourceCall.afterRefusal(_:)`:
    /// the source then drops the credential it handed last (only that one: a newer one fetched
    /// meanwhile is kept) and fetches, so the SDK never gets the refused credential back.
    /// With `refreshing`, every call, the first included, drops the cached credential, so it answers
    /// with a newly minted one.
    ///
    /// ```swift
    /// try await chat.login(credentialSource: client.credentialSource(for: user, from: chatRef))
    /// ```
    public func credentialSource(for user: UserIdentity, from provider: ProviderReference, refreshing: Bool = false) -> CredentialSource {
        credentialSource(for: user, key: Key(provider: provider, user: user), handed: HandedCredential(nil), refreshing: refreshing)
    }
}
