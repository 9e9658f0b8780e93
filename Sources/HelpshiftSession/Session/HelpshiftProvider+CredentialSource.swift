public import IdentityBridgeModel
import Logging

extension HelpshiftProvider {
    /// Keeps `source` for the SDK's requests for fresh credentials: every `refreshUserCredentials`
    /// (`credentials_refresh_requested`) and `userSessionExpired` (`session_expired`) the SDK reports is answered by
    /// logging in again with a fresh credential from `source` (``freshCredential(from:)``, so the expired one never
    /// comes back; on the Identity System, `loginWithIdentity`), until ``logout()`` or the next
    /// `login(credentialSource:)`.
    ///
    /// ```swift
    /// let session = try await helpshift.login(credentialSource: client.credentialSource(for: user, from: ref))
    /// ```
    public func adoptCredentialSource(_ source: @escaping CredentialSource) {
        let events = eventHub.stream()
        credentialRefresher = Task { [weak self] in
            for await event in events where event.name == .credentialsRefreshRequested || event.name == .sessionExpired {
                guard let self, !Task.isCancelled else { return }
                do throws(IdentityError) {
                    _ = try await self.login(credential: try await self.freshCredential(from: source))
                } catch {
                    self.logger.warning(
                        "Helpshift credential refresh failed",
                        metadata: ["provider": "\(self.reference)", "code": "\(error.code.rawValue)"])
                }
            }
        }
    }

    /// Cancels the refresher of the last ``login(credentialSource:)``, if any.
    public func dropCredentialSource() {
        credentialRefresher?.cancel()
        credentialRefresher = nil
    }
}
