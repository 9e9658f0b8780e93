extension SessionProvider {
    /// Logs the current user out (the engine's `logout()`), in call order with logins: forgets the credential
    /// source, runs the vendor's logout, then `logged_out` with the user who left; a failure is `logout_failed`.
    public func logout() async throws(IdentityError) {
        dropCredentialSource()
        try await sessionEngine.operations.enqueue(throwing: { () async throws(IdentityError) in
            try await self.endSession()
        }).value.get()
    }

    /// Runs `operation` (another call of the vendor's SDK that must not overlap a login, e.g. a connect or a
    /// reset) in the engine's queue: after every login, logout and operation called before it.
    public func serialized<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
        await sessionEngine.operations.enqueue(operation).value
    }
}
