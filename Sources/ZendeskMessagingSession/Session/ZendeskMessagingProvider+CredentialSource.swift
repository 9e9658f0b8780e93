public import IdentityBridgeModel

extension ZendeskMessagingProvider {
    /// Logs in with the `jwt` of the credential `source` hands, and keeps `source`: an `expiredJWT`
    /// is answered with a fresh JWT from it (`credentials_refresh_requested`, a new login, the failed
    /// operation retried once), and so is a JWT close to expiry at login. The adapter never renews a
    /// token on its own: without a source it only emits `credentials_refresh_requested`.
    ///
    /// ```swift
    /// let session = try await messaging.login(credentialSource: client.credentialSource(for: user, from: messagingRef))
    /// ```
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        let jwtSource = tokenSource(source)
        freshJWT = jwtSource
        let jwt: String
        do { jwt = try await jwtSource() } catch { throw error.attributed(to: reference) }
        return try await login(credential: .jwt(jwt))
    }
}
