public import IdentityBridgeModel

extension ZendeskSupportProvider {
    /// Sets the JWT identity with the `user_token` of the credential `source` hands (the SDK never
    /// asks again: call it before the first request and after each user switch). A failure of
    /// `source` is `login_failed`, attributed to this provider.
    ///
    /// ```swift
    /// try await support.login(credentialSource: client.credentialSource(for: user, from: supportRef))
    /// ```
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try await source() } catch {
            let error = error.attributed(to: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }
}
