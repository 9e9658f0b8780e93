public import IdentityBridgeModel
import Logging

extension ZendeskMessagingProvider {
    /// Logs in with the `jwt` of the credential `source` hands, and keeps `source`: an `expiredJWT`
    /// is answered with a fresh JWT from it (`credentials_refresh_requested`, a new login, the failed
    /// operation retried once), and so is a JWT close to expiry at login. The adapter never renews a
    /// token on its own: without a source it only emits `credentials_refresh_requested`.
    ///
    /// ```swift
    /// let session = try await messaging.login(credentialSource: client.credentialSource(for: user, from: messagingRef))
    /// ```
    ///
    /// The SDK's own refresh path is answered from `source` too: the port's
    /// ``ZendeskMessagingSDKPort/setJWTRenewal(_:)`` (in an app, `Zendesk.authenticationDelegate`'s
    /// `onInvalidAuth(error:completion:)`) gets a fresh JWT, asked with
    /// `CredentialSourceCall.afterRefusal(_:)` so that the refused one never comes back
    /// (`credentials_refresh_requested` with reason `expired`; a failure of `source` is
    /// `login_failed`).
    public func adoptCredentialSource(_ source: @escaping CredentialSource) {
        freshJWT = tokenSource(source)
        port.setJWTRenewal { [weak self] error in await self?.renewForSDK(error) }
    }

    /// Forgets the source: the SDK's requests for a fresh JWT are no longer answered.
    public func dropCredentialSource() {
        freshJWT = nil
        port.setJWTRenewal(nil)
    }

    /// A fresh JWT for the SDK that refused the session's (`onInvalidAuth`), or `nil` when the source fails
    /// (`login_failed`, as every refresh whose source fails).
    func renewForSDK(_ error: ZendeskMessagingSDKError?) async -> String? {
        guard let freshJWT else { return nil }
        requestRefresh(.expired, error.map { ["vendor_code": .string($0.code)] } ?? [:])
        do throws(IdentityError) {
            let jwt = try await freshCredential(from: { () async throws(IdentityError) in .jwt(try await freshJWT()) }).jwt ?? ""
            sessionExpiresAt = readToken(jwt).expiresAt(now: clock.unixSeconds())
            return jwt
        } catch {
            logger.warning(
                "The Zendesk Messaging credential source failed; the SDK's request for a fresh JWT is answered with the failure",
                metadata: ["code": "\(error.code.rawValue)"])
            return nil
        }
    }
}
