public import IdentityBridge
import Synchronization

extension HelpshiftProvider {
    /// Issues the credential for `user` and logs them in (legacy login dictionary, or the
    /// identities JWT with the Identity System on).
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try helpshiftIssuer.issue(for: user) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }

    /// Logs in with a raw credential: `jwt` (Identity System on) or the login dictionary.
    ///
    /// `login()` returning false (invalid identifiers: Helpshift continues anonymously) throws the
    /// specific identifier error; with identity verification on, a missing or wrong `userAuthToken`
    /// throws `token_missing` / `token_invalid` after `authentication_failed` (the SDK keeps the
    /// user, unverified, unable to file issues).
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        await prepare()
        if settings.identitySystem, let jwt = credential.jwt {
            return try await identityLogin(jwt)
        }
        var userData: [String: String] = [:]
        for (key, value) in credential.fields where key != "jwt" {
            guard let text = value.stringValue else {
                throw IdentityError(
                    .invalidValueType, field: key, message: "Login dictionary value \"\(key)\" is a \(value.typeName); Helpshift takes strings only.",
                    recovery: "Pass \(key) as a string.", provider: reference)
            }
            userData[key] = text
        }
        let newId = userData["userId"].flatMap { $0.isBlank ? nil : $0 }
        let newEmail = userData["userEmail"].flatMap { $0.isBlank ? nil : $0 }
        let previous = await port.currentUser()
        // "If the login API is called with different user identifier, then it first logs out the currently logged-in user".
        if let previous, !previous.isAnonymous, Self.differs(previous, userId: newId, email: newEmail) {
            await port.logout()
            emit(.loggedOut, .user(providerUser(previous)))
        }
        let clearing = state.withLock { $0.clearAnonymousUserOnLogin } && previous?.isAnonymous == true
        beginCall()
        let valid = await port.login(userData)
        let current = await port.currentUser()
        guard valid else {
            var error: IdentityError
            do {
                _ = try helpshiftIssuer.identifiers(of: UserIdentity(userId: newId, email: newEmail))
                error = IdentityError(.invalidIdentifier, field: "userId", message: "Helpshift refused the identifiers.", provider: reference)
            } catch let specific { error = specific }
            error.message += " Helpshift's login returned false and the SDK continued with an anonymous user."
            emit(.loginFailed, .failure(error))
            if let current { emit(.fellBackToAnonymous, .user(providerUser(current))) }
            throw error
        }
        if clearing, let previous { emit(.anonymousUserCleared, .user(providerUser(previous))) }
        guard let current else {
            throw IdentityError(.unknown, message: "Helpshift reported a successful login but holds no user.", provider: reference)
        }
        // Identity verification failed: the SDK holds the user, unverified ("will not be able to file
        // Issues or see conversations"); authentication_failed was emitted by the delegate. The login
        // is not a success: throw token_missing / token_invalid.
        if let failure = reportedFailures().first(where: { $0.code == .tokenMissing || $0.code == .tokenInvalid }) {
            var error = failure
            error.message += " The SDK holds the user unverified."
            throw error
        }
        let user = providerUser(current)
        emit(.loginSucceeded, .user(user))
        return IdentitySession(provider: reference, user: user)
    }

    static func differs(_ user: HelpshiftPortUser, userId: String?, email: String?) -> Bool {
        if let userId { return user.userId != userId }
        return user.email?.lowercased() != email?.lowercased()
    }

    /// `Helpshift.login(withIdentity:config:)` with a raw identities JWT and login config (string,
    /// number and boolean values, at most 30 entries); an empty JWT logs in the anonymous user.
    /// Each failure reason of the SDK is thrown with its uniform code (`login_failed` is emitted).
    public func login(identitiesJWT jwt: String, config: [String: JSONValue] = [:]) async throws(IdentityError) -> IdentitySession {
        await prepare()
        return try await identityLogin(jwt, config: config)
    }

    /// `loginWithIdentity`: an empty JWT logs in the anonymous user.
    func identityLogin(_ jwt: String, config: [String: JSONValue] = [:]) async throws(IdentityError) -> IdentitySession {
        let previous = await port.currentUser()
        // "Logging in again logs the current user out first."
        if let previous, !previous.isAnonymous {
            await port.logout()
            emit(.loggedOut, .user(providerUser(previous)))
        }
        beginCall()
        let result = await port.loginWithIdentity(jwt, config: config)
        switch result {
        case .failure(let reason, let errors):
            let error = HelpshiftLoginFailureReason(vendorName: reason)?.error(errors: errors, provider: reference)
                ?? IdentityError(.unknown, vendorCode: reason, message: "Helpshift refused the Identity System login: \(reason).", provider: reference)
            emit(.loginFailed, .failure(error))
            throw error
        case .success:
            state.withLock { $0.sessionExpired = false }
            guard let current = await port.currentUser() else {
                throw IdentityError(.unknown, message: "Helpshift reported a successful login but holds no user.", provider: reference)
            }
            let user = providerUser(current)
            emit(current.isAnonymous ? .anonymousUserCreated : .loginSucceeded, .user(user))
            return IdentitySession(provider: reference, user: user)
        }
    }
}
