extension SessionProvider {
    /// Issues the credential for `user` and logs in with it (the engine's `login(_:)`): a failure to issue is
    /// `login_failed` with the issuer's error, before anything reaches the SDK.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try issuer.issue(for: user) } catch { throw loginFailed(error) }
        return try await runInQueue(credential: credential, for: user)
    }

    /// Logs in with a raw vendor credential (the engine's `login(credential:)`), in call order with the other
    /// logins and logouts: an empty credential is `token_missing` and a value of the wrong type
    /// `invalid_value_type`, both `login_failed`, before the vendor's own checks and its SDK.
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        try await runInQueue(credential: credential, for: nil)
    }

    /// Logs in with the credential `source` hands now and keeps `source` for the SDK's later requests (the
    /// engine's `login(credentialSource:)`): a failure of `source` is `login_failed`, naming this provider.
    @discardableResult
    public func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        dropCredentialSource()
        let credential: Credential
        do { credential = try await source() } catch { throw loginFailed(error) }
        adoptCredentialSource(source)
        return try await runInQueue(credential: credential, for: nil)
    }

    /// A fresh credential from `source` for an SDK that asks again (its refresh, an expired token), asked with
    /// ``CredentialSourceCall/afterRefusal(_:)`` so the refused one never comes back; a failure of `source` is
    /// `login_failed` and is thrown, for the vendor to answer its SDK with.
    public func freshCredential(from source: CredentialSource) async throws(IdentityError) -> Credential {
        do { return try await CredentialSourceCall.afterRefusal(source) } catch { throw loginFailed(error) }
    }

    /// Ends the current user's session (a logout, or a user switch before a login): the vendor's logout, then
    /// `logged_out` with the user who left and the vendor's state events; a failure is `logout_failed` and is thrown.
    public func endSession() async throws(IdentityError) {
        let end: SessionEnd
        do { end = try await performLogout() } catch { throw logoutFailed(error) }
        emit(.loggedOut, end.user.map { .user($0) } ?? .none)
        for event in end.then { eventHub.emit(event) }
    }

    private func runInQueue(credential: Credential, for user: UserIdentity?) async throws(IdentityError) -> IdentitySession {
        try await sessionEngine.operations.enqueue(throwing: { () async throws(IdentityError) in
            try await self.runLogin(credential: credential, for: user)
        }).value.get()
    }

    /// The login step in the queue: the engine's checks, the vendor's, its SDK call, and the events.
    private func runLogin(credential: Credential, for user: UserIdentity?) async throws(IdentityError) -> IdentitySession {
        do {
            try checkShape(of: credential)
            try checkCredential(credential)
        } catch {
            throw loginFailed(error)
        }
        if await mustEndSession(before: credential, for: user) {
            do { try await endSession() } catch { throw loginFailed(error) }
        }
        do throws(LoginStepFailure) {
            let session = try await performLogin(credential: credential, for: user)
            emit(.loginSucceeded, .user(session.user))
            return session
        } catch {
            switch error {
            case .refused(let refusal, let events):
                let attributed = refusal.attributed(to: reference)
                emit(.authenticationFailed, .failure(attributed))
                for event in events { eventHub.emit(event) }
                throw loginFailed(attributed)
            case .failed(let failure):
                throw loginFailed(failure)
            }
        }
    }

    /// `token_missing` for an empty credential; `invalid_value_type` for a field that is neither a string nor
    /// one of ``structuredCredentialFields``.
    private func checkShape(of credential: Credential) throws(IdentityError) {
        guard !credential.fields.isEmpty else {
            throw IdentityError(
                .tokenMissing, field: "credential", message: "The credential is empty.",
                recovery: "Pass the credential the backend issued for \(reference.kind).", provider: reference)
        }
        for key in credential.fields.keys.sorted() where !structuredCredentialFields.contains(key) {
            guard let value = credential.fields[key], value.stringValue == nil else { continue }
            throw IdentityError(
                .invalidValueType, field: String(key.prefix(64)),
                message: "Credential field \"\(key.prefix(64))\" is \(value.typeNameWithArticle); \(reference.kind) takes a string.",
                recovery: "Pass the credential as the backend issued it, each value a string.", provider: reference)
        }
    }

    /// Emits `login_failed` with `error` (naming this provider) and returns it to throw.
    func loginFailed(_ error: IdentityError) -> IdentityError {
        let attributed = error.attributed(to: reference)
        emit(.loginFailed, .failure(attributed))
        return attributed
    }

    /// Emits `logout_failed` with `error` (naming this provider) and returns it to throw.
    func logoutFailed(_ error: IdentityError) -> IdentityError {
        let attributed = error.attributed(to: reference)
        emit(.logoutFailed, .failure(attributed))
        return attributed
    }
}
