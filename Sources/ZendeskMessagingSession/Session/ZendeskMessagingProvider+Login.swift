public import IdentityBridgeModel
import Logging

extension ZendeskMessagingProvider {
    /// A credential without a `jwt` is `token_missing` before the SDK sees it.
    public func checkCredential(_ credential: Credential) throws(IdentityError) {
        guard let jwt = credential.jwt, !jwt.isEmpty else {
            throw IdentityError(
                .tokenMissing, field: "jwt", message: "The credential has no jwt.",
                recovery: "Pass {\"jwt\": ...} as issued for Zendesk Messaging.", provider: reference)
        }
    }

    /// The login step, in call order with the other operations: `loginUser` with `credential.jwt`. See the
    /// type's documentation for the events.
    public func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession {
        let given = credential.jwt ?? ""
        // Decoded once: the expiry check, the freshness policy and the user it names all read it.
        let token = await freshEnough(readToken(given))
        // IdentityBridge's freshness policy beyond the vendor's rules (iat skew, max_token_lifetime):
        // refused here exactly as verify refuses it; expiry itself stays the SDK's expiredJWT.
        let policyCodes = [ZendeskMessagingVendorCode.lifetimeTooLong, ZendeskMessagingVendorCode.issuedInFuture]
        if let claims = token.claims, let refused = backend?.freshnessError(ofUnverified: claims),
            policyCodes.contains(refused.vendorCode ?? "")
        {
            throw .failed(refused)
        }
        let user: ZendeskMessagingUser
        do throws(ZendeskMessagingSDKError) {
            user = try await port.loginUser(jwt: token.text)
        } catch {
            let failure = error.identityError(provider: reference)
            sessionExpiresAt = nil
            logger.warning(
                "Zendesk Messaging loginUser failed; continuing unauthenticated",
                metadata: ["code": "\(failure.code.rawValue)", "vendor_code": "\(error.code)", "instance": "\(reference.name)"])
            let fallback = await port.currentUser()
            var then = [event(.fellBackToAnonymous, fallback.map { .user($0.providerUser) } ?? .none)]
            if failure.code == .tokenExpired { then.append(refreshRequest(.expired, ["vendor_code": .string(error.code)])) }
            throw .sdk(failure, then: then)
        }
        sessionExpiresAt = token.expiresAt(now: clock.unixSeconds())
        return IdentitySession(provider: reference, user: user.providerUser, expiresAt: sessionExpiresAt)
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
        eventHub.emit(refreshRequest(reason, details))
    }

    /// The `credentials_refresh_requested` event with `reason` and `details`.
    func refreshRequest(_ reason: ZendeskMessagingRefreshReason, _ details: [String: JSONValue]) -> IdentityEvent {
        var fields = details
        fields["reason"] = .string(reason.rawValue)
        return event(.credentialsRefreshRequested, .fields(fields))
    }

    /// Whether the logged-in user leaves before `credential` logs in: when its JWT names another user, so that
    /// none of their conversations stay visible to the next one.
    public func mustEndSession(before credential: Credential, for user: UserIdentity?) async -> Bool {
        guard let current = await port.currentUser(), !current.isAnonymous else { return false }
        return readToken(credential.jwt ?? "").externalId != current.externalId
    }

    /// The logout step (`logoutUser`): returns the user who left (`nil` when there was none, or it was the
    /// anonymous user, whose clearing is `anonymous_user_cleared`).
    public func performLogout() async throws(IdentityError) -> SessionEnd {
        guard let current = await port.currentUser() else {
            sessionExpiresAt = nil
            return SessionEnd(user: nil)
        }
        do throws(ZendeskMessagingSDKError) {
            try await port.logoutUser()
        } catch {
            throw error.identityError(provider: reference)
        }
        sessionExpiresAt = nil
        guard current.isAnonymous else { return SessionEnd(user: current.providerUser) }
        logger.warning(
            "logoutUser cleared an unauthenticated Zendesk Messaging user and all its conversations; this cannot be undone and is meant for testing."
        )
        emit(.anonymousUserCleared, .user(current.providerUser))
        return SessionEnd(user: nil)
    }
}
