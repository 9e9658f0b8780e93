public import IdentityBridgeModel
import Synchronization

extension HelpshiftProvider {
    /// The Identity System login's configuration, an object field of the credential ``login(identitiesJWT:config:)`` makes.
    public nonisolated var structuredCredentialFields: Set<String> { [Self.loginConfigField] }

    /// The credential field holding `loginWithIdentity`'s config.
    static let loginConfigField = "login_config"

    /// Whether the logged-in user leaves before `credential` logs in: on the Identity System always ("Logging in
    /// again logs the current user out first"); with the login dictionary when it names another user ("If the
    /// login API is called with different user identifier, then it first logs out the currently logged-in user").
    /// It also remembers the device's anonymous user seen before the login (the one a clearing login removes).
    public func mustEndSession(before credential: Credential, for user: UserIdentity?) async -> Bool {
        await prepare()
        let previous = await port.currentUser()
        noteAnonymous(previous)
        guard let previous, !previous.isAnonymous else { return false }
        if credential.jwt != nil, identitySystem || credential.fields[Self.loginConfigField] != nil { return true }
        let newId = credential["userId"].flatMap { $0.isBlank ? nil : $0 }
        let newEmail = credential["userEmail"].flatMap { $0.isBlank ? nil : $0 }
        return Self.differs(previous, userId: newId, email: newEmail)
    }

    /// The login step: `jwt` (Identity System on, or a credential made by ``login(identitiesJWT:config:)``) or
    /// the login dictionary.
    ///
    /// `login()` returning false (invalid identifiers: Helpshift continues anonymously) is a refusal with the
    /// specific identifier error and `fell_back_to_anonymous`; with identity verification on, a missing or wrong
    /// `userAuthToken` is a refusal with `token_missing` / `token_invalid` (the SDK keeps the user, unverified,
    /// unable to file issues).
    public func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession {
        await prepare()
        setInLogin(true)
        defer { setInLogin(false) }
        let config = credential.fields[Self.loginConfigField]
        if let jwt = credential.jwt, identitySystem || config != nil {
            return try await identityLogin(jwt, config: config?.objectValue ?? [:])
        }
        var userData: [String: String] = [:]
        // full_privacy: "no email or name is sent to Helpshift", whatever the credential carries.
        let withheld: Set<String> = fullPrivacy ? ["jwt", "userEmail", "userName"] : ["jwt"]
        // The engine has refused any value that is not a string.
        for (key, value) in credential.fields where !withheld.contains(key) { userData[key] = value.stringValue }
        let newId = userData["userId"].flatMap { $0.isBlank ? nil : $0 }
        let newEmail = userData["userEmail"].flatMap { $0.isBlank ? nil : $0 }
        beginCall()
        let valid = await port.login(userData)
        let current = await port.currentUser()
        guard valid else {
            var error: IdentityError
            do {
                _ = try backend?.identifiers(of: UserIdentity(userId: newId, email: newEmail))
                error = IdentityError(
                    .invalidIdentifier, field: "userId", message: "Helpshift refused the identifiers.",
                    recovery: "Check userId and userEmail against Helpshift's rules (no spaces at the ends, a valid email).",
                    provider: reference)
            } catch let specific { error = specific }
            error.message += " Helpshift's login returned false and the SDK continued with an anonymous user."
            noteAnonymous(current)
            throw .refused(error, then: current.map { [event(.fellBackToAnonymous, .user(providerUser($0)))] } ?? [])
        }
        reportAnonymousCleared()
        guard let current else { throw .failed(noUserAfterLogin()) }
        // Identity verification failed: the SDK holds the user, unverified ("will not be able to file
        // Issues or see conversations"); authentication_failed was emitted by the delegate. The login
        // is not a success: throw token_missing / token_invalid.
        if let failure = reportedFailures().first(where: { $0.code == .tokenMissing || $0.code == .tokenInvalid }) {
            var error = failure
            error.message += " The SDK holds the user unverified."
            throw .refused(error)
        }
        return IdentitySession(provider: reference, user: providerUser(current))
    }

    /// A successful login after which the SDK holds no user.
    func noUserAfterLogin() -> IdentityError {
        IdentityError(
            .unknown, message: "Helpshift reported a successful login but holds no user.",
            recovery: "Retry the login; report the SDK version if it persists.", provider: reference)
    }

    /// Remembers `user` when it is the device's anonymous user (the one a clearing login removes).
    nonisolated func noteAnonymous(_ user: HelpshiftPortUser?) {
        guard let user, user.isAnonymous else { return }
        state.withLock { $0.anonymous = user }
    }

    /// "anonymous users are cleared whenever any user logs in": after a successful login with
    /// clearAnonymousUserOnLogin on, reports the anonymous user last seen as cleared, once.
    nonisolated func reportAnonymousCleared() {
        let cleared = state.withLock { state -> HelpshiftPortUser? in
            guard state.clearAnonymousUserOnLogin, let anonymous = state.anonymous else { return nil }
            state.anonymous = nil
            return anonymous
        }
        if let cleared { emit(.anonymousUserCleared, .user(providerUser(cleared))) }
    }

    static func differs(_ user: HelpshiftPortUser, userId: String?, email: String?) -> Bool {
        // "User ID is always case-sensitive": compared exactly (UTF-8), not by Swift's canonical equivalence.
        if let userId { return !(user.userId?.utf8.elementsEqual(userId.utf8) ?? false) }
        return user.email?.lowercased() != email?.lowercased()
    }

    /// `Helpshift.login(withIdentity:config:)` with a raw identities JWT and login config (string,
    /// number and boolean values, at most 30 entries); an empty JWT logs in the anonymous user.
    /// A login of the session engine: each failure reason of the SDK is thrown with its uniform code after
    /// `authentication_failed` and `login_failed`.
    public func login(identitiesJWT jwt: String, config: [String: JSONValue] = [:]) async throws(IdentityError) -> IdentitySession {
        try await login(credential: Credential(fields: ["jwt": .string(jwt), Self.loginConfigField: .object(config)]))
    }

    /// Why the SDK refused `jwt` as IdentityTokenInvalid, when the JWT itself says so: the SDK
    /// reports one reason for "Identities JWT not in valid format" and for an `iat` that is not
    /// "less than 24 hours old" (vendor-notes), so the adapter checks the JWT it sent the way its
    /// own issuer verifies one (signature with `identity_secret`, then `iat` against the clock):
    /// `token_expired` when `iat` is 24 hours old or more, `token_not_yet_valid` when `iat` is in the
    /// future beyond the clock skew, `claim_invalid` when `iat` is not an integer, all keeping the
    /// vendor code IdentityTokenInvalid. `nil` (stay `token_invalid`)
    /// for anything else, including a signature that does not match and a JWT the issuer accepts.
    nonisolated func identityTokenInvalidReason(_ jwt: String) -> IdentityError? {
        guard let backend else { return nil }
        do throws(IdentityError) {
            _ = try backend.verifyIdentityToken(jwt)
            return nil
        } catch {
            guard error.vendorCode == HelpshiftLoginFailureReason.identityTokenInvalid.rawValue,
                error.code == .tokenExpired || error.code == .tokenNotYetValid || (error.code == .claimInvalid && error.field == "iat")
            else { return nil }
            var refined = error.attributed(to: reference)
            refined.message = "Helpshift refused the Identity System login: IdentityTokenInvalid. " + refined.message
            return refined
        }
    }

    /// The per-key verdict of IdentitiesDataInvalid, the one `verify` gives: the first problem the
    /// adapter's own validator finds in `jwt` (per-key code, e.g. `value_too_long`
    /// [HelpshiftValueLengthLimitExceeded]), else the first per-key reason of the SDK's error data
    /// (keys in order). `nil` when neither names one.
    nonisolated func identitiesDataInvalidReason(_ jwt: String, errors: [String: String]) -> IdentityError? {
        let dataInvalid = HelpshiftLoginFailureReason.identitiesDataInvalid.rawValue
        do throws(IdentityError) {
            _ = try backend?.verifyIdentityToken(jwt)
        } catch {
            if error.vendorCode == dataInvalid || HelpshiftDataErrorReason(vendorName: error.vendorCode ?? "") != nil {
                var refined = error.attributed(to: reference)
                refined.message = "Helpshift refused the Identity System login: IdentitiesDataInvalid. " + refined.message
                return refined
            }
        }
        guard let key = errors.keys.sorted().first, let reason = HelpshiftDataErrorReason(vendorName: errors[key] ?? "") else { return nil }
        var refined = reason.identityError(key: key, provider: reference)
        refined.message = "Helpshift refused the Identity System login: IdentitiesDataInvalid. " + refined.message
        return refined
    }

    /// `loginWithIdentity`: an empty JWT logs in the anonymous user.
    func identityLogin(_ jwt: String, config: [String: JSONValue]) async throws(LoginStepFailure) -> IdentitySession {
        beginCall()
        let result = await port.loginWithIdentity(jwt, config: config)
        switch result {
        case .failure(let reason, let errors):
            let known = HelpshiftLoginFailureReason(vendorName: reason)
            var error =
                known?.identityError(errors: errors, provider: reference)
                ?? IdentityError(
                    .unknown, vendorCode: reason, message: "Helpshift refused the Identity System login: \(reason).", provider: reference)
            if known == .identityTokenInvalid, let refined = identityTokenInvalidReason(jwt) { error = refined }
            if known == .identitiesDataInvalid { error = identitiesDataInvalidReason(jwt, errors: errors) ?? error }
            throw .sdk(error)
        case .success:
            state.withLock { $0.sessionExpired = false }
            guard let current = await port.currentUser() else { throw .failed(noUserAfterLogin()) }
            if current.isAnonymous { noteAnonymous(current) } else { reportAnonymousCleared() }
            let user = providerUser(current)
            if current.isAnonymous { emit(.anonymousUserCreated, .user(user)) }
            return IdentitySession(provider: reference, user: user)
        }
    }
}
