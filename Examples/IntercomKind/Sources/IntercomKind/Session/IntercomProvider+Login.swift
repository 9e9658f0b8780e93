public import IdentityBridge
import Logging

extension IntercomProvider {
    /// The login step, in call order with the other operations: `{"user_id", "email", "user_hash"}` or `{"jwt"}`.
    public func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession {
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
            throw .failed(
                IntercomFailureReason.credentialMissing.identityError(
                    "The credential has neither a user_hash nor a jwt field.", field: "credential", provider: reference))
        }
        // One user per Messenger: another user's session ends first.
        if let previous = await port.currentUser(), previous.userId != userId || (userId == nil && previous.email != email) {
            do { try await endSession() } catch { throw .failed(error) }
            if let jwt = credential.jwt {
                await port.setUserJwt(jwt)
            } else if let hash = credential["user_hash"] {
                await port.setUserHash(hash)
            }
        }
        switch await port.loginUser(userId: userId, email: email) {
        case .success(let user):
            return IdentitySession(provider: reference, user: user.user, expiresAt: expiresAt)
        case .failure(let failure):
            logger.error(
                "Intercom login refused", metadata: ["provider": "\(reference)", "reason": "\(failure.reason.rawValue)"])
            throw .refused(failure.identityError(provider: reference))
        }
    }
}
