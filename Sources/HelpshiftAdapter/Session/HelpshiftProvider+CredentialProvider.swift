public import IdentityBridge
import Logging

extension HelpshiftProvider {
    /// Logs in with the credential from `credentialProvider` (the login dictionary, or the
    /// Identity System JWT), then answers every `refreshUserCredentials` (`credentials_refresh_requested`)
    /// and `userSessionExpired` (`session_expired`) the SDK reports by logging in again with a fresh
    /// credential from it. Cancel the returned task to stop (a logout does not stop it).
    ///
    /// ```swift
    /// let (session, refresher) = try await helpshift.login(credentialProvider: client.credentialProvider(for: user, from: ref, refreshing: true))
    /// ```
    public func login(credentialProvider: @escaping @Sendable () async throws(IdentityError) -> Credential) async throws(IdentityError)
        -> (session: IdentitySession, refresher: Task<Void, Never>)
    {
        let events = eventHub.stream()
        let credential: Credential
        do { credential = try await credentialProvider() } catch {
            let error = error.attributed(to: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        let session = try await login(credential: credential)
        let refresher = Task { [weak self] in
            for await event in events where event.name == .credentialsRefreshRequested || event.name == .sessionExpired {
                guard let self, !Task.isCancelled else { return }
                do throws(IdentityError) {
                    _ = try await self.login(credential: try await credentialProvider())
                } catch {
                    self.logger.warning(
                        "Helpshift credential refresh failed",
                        metadata: ["provider": "\(self.reference)", "code": "\(error.code.rawValue)"])
                }
            }
        }
        return (session, refresher)
    }
}

extension HelpshiftProvider: CredentialSourceLogin {
    /// ``login(credentialProvider:)`` whose refresher the provider keeps: every
    /// `refreshUserCredentials` and `userSessionExpired` logs in again with a credential from
    /// `source`, until ``logout()`` or the next `login(credentialSource:)` stops it.
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        stopCredentialRefresher()
        let (session, refresher) = try await login(credentialProvider: source)
        credentialRefresher = refresher
        return session
    }

    /// Cancels the refresher of the last ``login(credentialSource:)``, if any.
    func stopCredentialRefresher() {
        credentialRefresher?.cancel()
        credentialRefresher = nil
    }
}
