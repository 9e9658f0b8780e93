public import IdentityBridgeModel
import Logging

extension ZendeskMessagingProvider {
    /// Issues a JWT for `user` with the active signing key and logs in with it.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential = try issuer.issue(for: user)
        return try await login(credential: credential)
    }

    /// Logs in with `credential.jwt` (`loginUser`). See the type's documentation for the events.
    /// Logins and logouts reach the SDK one at a time, in call order.
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        try await operations.enqueue(throwing: { () async throws(IdentityError) in
            try await self.performLogin(credential: credential)
        }).value.get()
    }

    /// The login step, in call order with the other operations: `loginUser` with `credential.jwt`.
    func performLogin(credential: Credential) async throws(IdentityError) -> IdentitySession {
        guard let given = credential.jwt, !given.isEmpty else {
            throw IdentityError(
                .tokenMissing, field: "jwt", message: "The credential has no jwt.",
                recovery: "Pass {\"jwt\": ...} as issued for Zendesk Messaging.", provider: reference)
        }
        // Decoded once: the expiry check, the freshness policy and the user it names all read it.
        let token = await freshEnough(readToken(given))
        // IdentityBridge's freshness policy beyond the vendor's rules (iat skew, max_token_lifetime):
        // refused here exactly as verify refuses it; expiry itself stays the SDK's expiredJWT.
        let policyCodes = [ZendeskMessagingVendorCode.lifetimeTooLong, ZendeskMessagingVendorCode.issuedInFuture]
        if let claims = token.claims, let refused = backend?.freshnessError(ofUnverified: claims),
            policyCodes.contains(refused.vendorCode ?? "")
        {
            emit(.loginFailed, .failure(refused))
            throw refused
        }
        try await leavePreviousUser(before: token)
        let user: ZendeskMessagingUser
        do throws(ZendeskMessagingSDKError) {
            user = try await port.loginUser(jwt: token.text)
        } catch {
            let failure = error.identityError(provider: reference)
            sessionExpiresAt = nil
            logger.warning(
                "Zendesk Messaging loginUser failed; continuing unauthenticated",
                metadata: ["code": "\(failure.code.rawValue)", "vendor_code": "\(error.code)", "instance": "\(reference.name)"])
            emit(.authenticationFailed, .failure(failure))
            let fallback = await port.currentUser()
            emit(.fellBackToAnonymous, fallback.map { .user($0.providerUser) } ?? .none)
            if failure.code == .tokenExpired { requestRefresh(.expired, ["vendor_code": .string(error.code)]) }
            throw failure
        }
        sessionExpiresAt = token.expiresAt(now: clock.unixSeconds())
        let session = IdentitySession(provider: reference, user: user.providerUser, expiresAt: sessionExpiresAt)
        emit(.loginSucceeded, .user(session.user))
        return session
    }

    /// Warns about a JWT close to expiry or already expired (log and `credentials_refresh_requested`).
    /// With a credential source (``login(credentialSource:)``), asks it for a fresh JWT and uses that when it lasts longer; without
    /// one, an expired JWT still goes to the SDK, whose `expiredJWT` answer is authoritative.
    func freshEnough(_ token: ZendeskMessagingLoginToken) async -> ZendeskMessagingLoginToken {
        let left: Int64
        switch token.expiry {
        case .expiresSoon(let secondsLeft):
            logger.warning(
                "Zendesk Messaging JWT expires within the warning margin; authenticate with a fresher token before showing conversations",
                metadata: ["seconds_left": "\(secondsLeft)", "margin": "\(expiryWarningMargin)", "instance": "\(reference.name)"])
            requestRefresh(.expiresSoon, ["seconds_left": .int(secondsLeft), "margin": .int(expiryWarningMargin)])
            left = secondsLeft
        case .expired:
            logger.warning(
                "Zendesk Messaging JWT has already expired; loginUser will fail with expiredJWT unless a credential source supplies a fresh one",
                metadata: ["instance": "\(reference.name)"])
            guard freshJWT != nil else { return token }
            requestRefresh(.expired, [:])
            left = 0
        case .noExpiry, .valid, .unreadable:
            return token
        }
        guard let freshJWT else { return token }
        do throws(IdentityError) {
            let fresh = readToken(try await CredentialSourceCall.afterRefusal(freshJWT))
            switch fresh.expiry {
            case .noExpiry: return fresh
            case .valid(let freshLeft) where freshLeft > left: return fresh
            case .expiresSoon(let freshLeft) where freshLeft > left: return fresh
            default:
                logger.warning("The credential source's JWT does not last longer; logging in with the original.")
                return token
            }
        } catch {
            logger.warning("The credential source failed; logging in with the original JWT", metadata: ["code": "\(error.code.rawValue)"])
            return token
        }
    }

    /// `jwt` decoded once, checked against this provider's clock and `expiry_warning_margin`.
    func readToken(_ jwt: String) -> ZendeskMessagingLoginToken {
        ZendeskMessagingLoginToken(jwt, now: clock.unixSeconds(), margin: expiryWarningMargin)
    }

    /// Emits `credentials_refresh_requested` with `reason` and `details`.
    func requestRefresh(_ reason: ZendeskMessagingRefreshReason, _ details: [String: JSONValue]) {
        var fields = details
        fields["reason"] = .string(reason.rawValue)
        emit(.credentialsRefreshRequested, .fields(fields))
    }

    /// Logs the previous authenticated user out when `jwt` names another user, so that none of
    /// their conversations stay visible to the next one.
    func leavePreviousUser(before token: ZendeskMessagingLoginToken) async throws(IdentityError) {
        guard let current = await port.currentUser(), !current.isAnonymous else { return }
        guard token.externalId != current.externalId else { return }
        try await performLogout()
    }

    /// Logs the current user out (`logoutUser`); nothing happens when there is no user. In call order
    /// with logins.
    public func logout() async throws(IdentityError) {
        try await operations.enqueue(throwing: { () async throws(IdentityError) in try await self.performLogout() }).value.get()
    }

    func performLogout() async throws(IdentityError) {
        guard let current = await port.currentUser() else {
            sessionExpiresAt = nil
            return
        }
        do throws(ZendeskMessagingSDKError) {
            try await port.logoutUser()
        } catch {
            throw error.identityError(provider: reference)
        }
        freshJWT = nil
        port.setJWTRenewal(nil)
        sessionExpiresAt = nil
        if current.isAnonymous {
            logger.warning(
                "logoutUser cleared an unauthenticated Zendesk Messaging user and all its conversations; this cannot be undone and is meant for testing."
            )
            emit(.anonymousUserCleared, .user(current.providerUser))
        } else {
            emit(.loggedOut, .user(current.providerUser))
        }
    }
}
