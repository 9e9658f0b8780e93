public import IdentityBridgeModel

/// What an SDK hook calls for a token: no argument, the token or the uniform error.
public typealias TokenProvider = @Sendable () async throws(IdentityError) -> String

/// What an SDK hook calls for a whole credential (a login dictionary, a JWT, a user token).
public typealias CredentialProvider = @Sendable () async throws(IdentityError) -> Credential

extension CredentialClient {
    /// A closure that hands the string `field` of `user`'s current credential for `provider`
    /// (cached, refreshed ahead, single flight): what the adapters' token hooks take
    /// (`jwt` for Zendesk Chat, Zendesk Messaging and the Helpshift Identity System,
    /// `user_token` for Zendesk Support).
    ///
    /// An SDK asks its hook again when the token it holds no longer serves (Zendesk Messaging's
    /// `expiredJWT`, Zendesk Chat's re-authentication), so every call after the first invalidates
    /// the credential this closure handed last before it asks the client: the SDK never gets the
    /// token it just reported back. Concurrent calls still share one request, and a newer
    /// credential fetched meanwhile is kept.
    public func tokenProvider(for user: UserIdentity, from provider: ProviderReference, field: String = "jwt") -> TokenProvider {
        let source = handingSource(for: user, from: provider, refreshing: false)
        return { () async throws(IdentityError) -> String in
            let credential = try await source()
            guard let token = credential[field], !token.isEmpty else {
                throw IdentityError(
                    .tokenMissing, field: field, message: "The credential has no \"\(field)\" field.",
                    recovery: "Ask for the field the provider's kind issues (jwt, user_token, userAuthToken).", provider: provider)
            }
            return token
        }
    }

    /// A closure that hands `user`'s current credential for `provider` (cached, refreshed ahead,
    /// single flight). As ``tokenProvider(for:from:field:)``, every call after the first invalidates
    /// the credential it handed last (Helpshift's `refreshUserCredentials` / `userSessionExpired`).
    /// With `refreshing`, every call, the first included, drops the cached credential, so it answers
    /// an SDK that asks for *fresh* credentials with a newly minted one; concurrent calls still
    /// share one request.
    public func credentialProvider(for user: UserIdentity, from provider: ProviderReference, refreshing: Bool = false) -> CredentialProvider
    {
        handingSource(for: user, from: provider, refreshing: refreshing)
    }

    /// A source that remembers what it handed, and invalidates it before each later ask.
    private func handingSource(for user: UserIdentity, from provider: ProviderReference, refreshing: Bool) -> CredentialProvider {
        let key = Key(provider: provider, user: user)
        let handed = HandedCredential(nil)
        return { [self] () async throws(IdentityError) -> Credential in
            if refreshing {
                invalidate(key, ifHolding: nil)
            } else if let last = handed.last {
                invalidate(key, ifHolding: last)
            }
            let credential = try await credential(for: user, from: provider)
            handed.record(credential)
            return credential
        }
    }
}
