public import IdentityBridge

/// One step of ``CredentialClient/switchUser(from:to:providers:)``.
public enum UserSwitchStep: Hashable, Sendable, CustomStringConvertible {
    /// Fetching the next user's credential for a provider (nothing changed yet).
    case fetch(ProviderReference)
    /// Logging the previous user out of a provider.
    case logout(ProviderReference)
    /// Confirming that a provider holds no state of the previous user.
    case verify(ProviderReference)
    /// Logging the next user in to a provider.
    case login(ProviderReference)

    /// `fetch chat (zendesk-chat)`, `logout helpshift`, ...
    public var description: String {
        switch self {
        case .fetch(let provider): "fetch \(provider)"
        case .logout(let provider): "logout \(provider)"
        case .verify(let provider): "verify \(provider)"
        case .login(let provider): "login \(provider)"
        }
    }
}

/// Why a user switch failed, at which step, and where it left the providers.
public struct UserSwitchError: Error, Sendable, CustomStringConvertible {
    /// The step that failed.
    public var step: UserSwitchStep
    /// The step's uniform error.
    public var error: IdentityError
    /// True when every provider is back to the previous user (or, with no previous user, holds
    /// nobody); false when the rollback failed too (then ``rollbackError`` says why).
    public var restoredPreviousUser: Bool
    /// The rollback's failure, when it failed.
    public var rollbackError: IdentityError?

    /// `user switch failed at <step>: <error>`.
    public var description: String {
        "user switch failed at \(step): \(error)"
            + (restoredPreviousUser
                ? "; the previous user is restored" : "; rollback failed: \(rollbackError.map(String.init(describing:)) ?? "-")")
    }
}

extension CredentialClient {
    /// Switches every provider from `previous` to `next` as a whole.
    ///
    /// 1. Fetches `next`'s credential for every provider (a failure here changes nothing).
    /// 2. Logs `previous` out of every provider, clears the client's cache of `previous`, and
    ///    confirms that no provider still reports `previous` (or any logged-in user).
    /// 3. Only then logs `next` in to every provider with its credential (`login(credential:)`).
    ///
    /// If a step fails, the error names it; the providers already switched are logged out again and
    /// `previous` is logged back in with the credentials held before the switch, so no provider is
    /// left half switched. `next == nil` is a logout of every provider.
    @discardableResult
    public func switchUser(
        from previous: UserIdentity?, to next: UserIdentity?, providers: [any IdentityProvider]
    ) async throws(UserSwitchError) -> [IdentitySession] {
        var nextCredentials: [Credential] = []
        if let next {
            for provider in providers {
                do { nextCredentials.append(try await credential(for: next, from: provider.reference)) } catch {
                    throw UserSwitchError(step: .fetch(provider.reference), error: error, restoredPreviousUser: true)
                }
            }
        }
        // What rolls back: the previous user's credentials as held now (cached, or fetched), best effort.
        var previousCredentials: [Credential?] = []
        if let previous {
            for provider in providers { previousCredentials.append(try? await credential(for: previous, from: provider.reference)) }
        }
        // Where each provider stands, so a rollback touches only what the switch changed.
        var loggedOut = Array(repeating: false, count: providers.count)
        var loggedIn = Array(repeating: false, count: providers.count)
        var failure: (UserSwitchStep, IdentityError)?
        logout: for (index, provider) in providers.enumerated() where provider.capabilities.contains(.logout) {
            do { try await provider.logout() } catch {
                failure = (.logout(provider.reference), error)
                break logout
            }
            loggedOut[index] = true
        }
        if failure == nil {
            if let previous { clear(user: previous) }
            for provider in providers {
                if let error = await Self.leftover(of: previous, in: provider) {
                    failure = (.verify(provider.reference), error)
                    break
                }
            }
        }
        var sessions: [IdentitySession] = []
        if failure == nil, next != nil {
            for (index, (provider, credential)) in zip(providers, nextCredentials).enumerated() {
                loggedOut[index] = true
                do { sessions.append(try await provider.login(credential: credential)) } catch {
                    failure = (.login(provider.reference), error)
                    break
                }
                loggedIn[index] = true
            }
        }
        guard let (step, error) = failure else { return sessions }
        if let next { clear(user: next) }
        var rollbackError: IdentityError?
        for (index, provider) in providers.enumerated() where loggedIn[index] {
            do { try await provider.logout() } catch { rollbackError = rollbackError ?? error }
        }
        if previous != nil {
            for (index, provider) in providers.enumerated() where loggedOut[index] {
                guard let credential = previousCredentials[index] else {
                    rollbackError =
                        rollbackError
                        ?? IdentityError(
                            .networkError, message: "No credential of the previous user was held to log them back in.",
                            recovery: "Log the previous user in again.", provider: provider.reference)
                    continue
                }
                do { _ = try await provider.login(credential: credential) } catch { rollbackError = rollbackError ?? error }
            }
        }
        throw UserSwitchError(step: step, error: error, restoredPreviousUser: rollbackError == nil, rollbackError: rollbackError)
    }

    /// The error when `provider` still holds `previous` (or any logged-in user) after the logout.
    static func leftover(of previous: UserIdentity?, in provider: any IdentityProvider) async -> IdentityError? {
        guard let current = await provider.currentUser() else { return nil }
        let sameId = previous?.userId != nil && current.externalId == previous?.userId
        let sameEmail = previous?.email != nil && current.email?.lowercased() == previous?.email?.lowercased()
        guard !current.isAnonymous || sameId || sameEmail else { return nil }
        return IdentityError(
            .unknown,
            message: "After logout the provider still reports \(current.isAnonymous ? "the previous user's data" : "a logged-in user").",
            recovery: "Check the adapter's logout against the vendor's documented behaviour.", provider: provider.reference)
    }
}
