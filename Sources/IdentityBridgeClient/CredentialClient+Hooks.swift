public import IdentityBridge

/// What an SDK hook calls for a token: no argument, the token or the uniform error.
public typealias TokenProvider = @Sendable () async throws(IdentityError) -> String

/// What an SDK hook calls for a whole credential (a login dictionary, a JWT, a user token).
public typealias CredentialProvider = @Sendable () async throws(IdentityError) -> Credential

extension CredentialClient {
    /// A closure that hands the string `field` of `user`'s current credential for `provider`
    /// (cached, refreshed ahead, single flight): what the adapters' token hooks take
    /// (`jwt` for Zendesk Chat, Zendesk Messaging and the Helpshift Identity System,
    /// `user_token` for Zendesk Support).
    public func tokenProvider(for user: UserIdentity, from provider: ProviderReference, field: String = "jwt") -> TokenProvider {
        { [self] () async throws(IdentityError) -> String in
            let credential = try await credential(for: user, from: provider)
            guard let token = credential[field], !token.isEmpty else {
                throw IdentityError(
                    .tokenMissing, field: field, message: "The credential has no \"\(field)\" field.",
                    recovery: "Ask for the field the provider's kind issues (jwt, user_token, userAuthToken).", provider: provider)
            }
            return token
        }
    }

    /// A closure that hands `user`'s current credential for `provider` (cached, refreshed ahead,
    /// single flight). With `refreshing`, every call first drops the cached credential, so it
    /// answers an SDK that asks for *fresh* credentials (Helpshift's `refreshUserCredentials`) with
    /// a newly minted one; concurrent calls still share one request.
    public func credentialProvider(for user: UserIdentity, from provider: ProviderReference, refreshing: Bool = false) -> CredentialProvider
    {
        { [self] () async throws(IdentityError) -> Credential in
            if refreshing { invalidate(user: user, provider: provider) }
            return try await credential(for: user, from: provider)
        }
    }
}
