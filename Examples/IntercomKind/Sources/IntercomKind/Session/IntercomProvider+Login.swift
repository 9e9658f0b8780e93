public import IdentityBridge
import Logging

extension IntercomProvider {
    /// Issues `user`'s credential and logs the user in; `login_failed` and the input error when no
    /// credential can be issued, before anything changes.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try intercomIssuer.issue(for: user) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }

    /// Logs in with a raw credential: `{"user_id", "email", "user_hash"}` or `{"jwt"}`.
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        try await operations.enqueue(throwing: { () async throws(IdentityError) in
            do throws(IdentityError) { return try await self.performLogin(credential: credential) } catch {
                await self.emit(.loginFailed, .failure(error))
                throw error
            }
        }).value.get()
    }

    /// The login step, in call order with the other operations.
    func performLogin(credential: Credential) async throws(IdentityError) -> IdentitySession {
        var userId = credential["user_id"]
        var email = credential["email"]
        var expiresAt = credential.expiresAt
        if let jwt = credential.jwt {
            // The SDK is told who logs in; the backend trusts only the signed claims it checks.
            let claims = try? DecodedJWT.decode(jwt)
            userId = claims?.claim("user_id")?.stringValue
            email = claims?.claim("email")?.stringValue
            if let exp = claims?.claim("exp")?.intValue { expiresAt = Date(timeIntervalSince1970: TimeInterval(exp)) }
            await port.setUserJwt(jwt)
        } else if let userHash = credential["user_hash"] {
            await port.setUserHash(userHash)
        } else {
            throw IntercomFailureReason.credentialMissing.identityError(
                "The credential has neither a user_hash nor a jwt field.", field: "credential", provider: reference)
        }
        // One user per Messenger: another user's session ends first.
        if let previous = await port.currentUser(), previous.userId != userId || (userId == nil && previous.email != email) {
            await port.logout()
            emit(.loggedOut, .user(previous.user))
            if let jwt = credential.jwt {
                await port.setUserJwt(jwt)
            } else if let hash = credential["user_hash"] {
                await port.setUserHash(hash)
            }
        }
        switch await port.loginUser(userId: userId, email: email) {
        case .success(let user):
            emit(.loginSucceeded, .user(user.user))
            return IdentitySession(provider: reference, user: user.user, expiresAt: expiresAt)
        case .failure(let failure):
            logger.error(
                "Intercom login refused", metadata: ["provider": "\(reference)", "reason": "\(failure.reason.rawValue)"])
            throw failure.identityError(provider: reference)
        }
    }
}
