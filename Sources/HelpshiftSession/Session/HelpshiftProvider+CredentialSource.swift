public import IdentityBridgeModel
import Logging

extension HelpshiftProvider {
    /// Logs in with the credential `source` hands (the login dictionary, or the Identity System JWT),
    /// then answers every `refreshUserCredentials` (`credentials_refresh_requested`) and
    /// `userSessionExpired` (`session_expired`) the SDK reports by logging in again with a fresh
    /// credential from `source` (asked with `CredentialSourceCall.afterRefusal(_:)`, so the expired
    /// credential never comes back), until ``logout()`` or the next `login(credentialSource:)`.
    ///
    /// ```swift
    /// let session = try await helpshift.login(credentialSource: client.credentialSource(for: user, from: ref))
    /// ```
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        stopCredentialRefresher()
        let events = eventHub.stream()
        let credential: Credential
        do { credential = try await source() } catch {
            let error = error.attributed(to: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        let session = try await login(credential: credential)
        credentialRefresher = Task { [weak self] in
            for await event in events where event.name == .credentialsRefreshRequested || event.name == .sessionExpired {
                guard let self, !Task.isCancelled else { return }
                do throws(IdentityError) {
                    _ = try await self.login(credential: try await CredentialSourceCall.afterRefusal(source))
                } catch {
                    self.logger.warning(
                        "Helpshift credential refresh failed",
                        metadata: ["provider": "\(self.reference)", "code": "\(error.code.rawValue)"])
                }
            }
        }
        return session
    }

    /// Cancels the refresher of the last ``login(credentialSource:)``, if any.
    func stopCredentialRefresher() {
        credentialRefresher?.cancel()
        credentialRefresher = nil
    }
}
