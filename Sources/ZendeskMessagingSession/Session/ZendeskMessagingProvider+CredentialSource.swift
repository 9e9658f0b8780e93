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
    /// `authentication_failed`).
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        let jwtSource = tokenSource(source)
        freshJWT = jwtSource
        port.setJWTRenewal { [weak self] error in await self?.renewForSDK(error) }
        let jwt: String
        do { jwt = try await jwtSource() } catch { throw error.attributed(to: reference) }
        return try await login(credential: .jwt(jwt))
    }

    /// A fresh JWT for the SDK that refused the session's (`onInvalidAuth`), or `nil` when the source fails.
    func renewForSDK(_ error: ZendeskMessagingSDKError?) async -> String? {
        guard let freshJWT else { return nil }
        requestRefresh(.expired, error.map { ["vendor_code": .string($0.code)] } ?? [:])
        do throws(IdentityError) {
            let jwt = try await CredentialSourceCall.afterRefusal(freshJWT)
            sessionExpiresAt = readToken(jwt).expiresAt(now: clock.unixSeconds())
            return jwt
        } catch {
            emit(.authenticationFailed, .failure(error.attributed(to: reference)))
            logger.warning(
                "The Zendesk Messaging credential source failed; the SDK's request for a fresh JWT is not answered",
                metadata: ["code": "\(error.code.rawValue)"])
            return nil
        }
    }
}
