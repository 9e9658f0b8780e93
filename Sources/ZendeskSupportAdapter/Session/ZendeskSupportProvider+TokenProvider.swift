public import IdentityBridge

extension ZendeskSupportProvider {
    /// Sets the JWT identity with the user token from `userTokenProvider` (e.g.
    /// `IdentityBridgeClient`'s `CredentialClient.tokenProvider(for:from:field:)` with field
    /// `user_token`), before the first request and again after a user switch.
    @discardableResult
    public func login(userTokenProvider: @Sendable () async throws(IdentityError) -> String) async throws(IdentityError)
        -> IdentitySession
    {
        let token: String
        do { token = try await userTokenProvider() } catch {
            let error = error.attributed(to: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: Credential(fields: [ZendeskSupportLimits.userTokenFormField: .string(token)]))
    }
}
