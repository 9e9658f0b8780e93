public import IdentityBridgeModel
import Synchronization

/// One step of ``CredentialClient/switchUser(from:to:providers:checks:)``.
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
    /// nobody); false when the rollback failed too (then `rollbackError` says why).
    public var restoredPreviousUser: Bool
    /// The rollback's failure, when it failed.
    package var rollbackError: IdentityError?

    /// `user switch failed at <step>: <error>`.
    public var description: String {
        "user switch failed at \(step): \(error)"
            + (restoredPreviousUser
                ? "; the previous user is restored" : "; rollback failed: \(rollbackError.map(String.init(describing:)) ?? "-")")
    }
}

/// One way a user switch confirms that a provider holds nothing of the previous user once it is
/// logged out: ``currentUser`` (the provider's own view), or a check that looks where the user's
/// data would show (the test kit's `UserStateCheck.visibleConversations(in:app:)` reads the vendor
/// simulators, the same no-leak check the conformance kit and the scenarios use).
public struct UserStateCheck: Sendable {
    /// What it looks at, e.g. `current user`, `visible conversations` (named in the error).
    public var name: String
    /// What `provider` still holds of `previous` (one sentence, no user data), or `nil` when it holds nothing.
    package var leftover: @Sendable (_ provider: any IdentityProvider, _ previous: UserIdentity?) async -> String?

    /// Creates a check.
    public init(name: String, leftover: @escaping @Sendable (_ provider: any IdentityProvider, _ previous: UserIdentity?) async -> String?)
    {
        self.name = name
        self.leftover = leftover
    }

    /// The provider's `currentUser()`: nobody, or an anonymous user carrying none of the previous
    /// user's identifiers (no logged-in user, no previous id, no previous email).
    public static let currentUser = UserStateCheck(name: "current user") { provider, previous in
        guard let current = await provider.currentUser() else { return nil }
        let sameId = previous?.userId != nil && current.externalId == previous?.userId
        let sameEmail = previous?.email != nil && current.email?.lowercased() == previous?.email?.lowercased()
        guard !current.isAnonymous || sameId || sameEmail else { return nil }
        return current.isAnonymous ? "the current user still carries the previous user's identifiers" : "a user is still logged in"
    }
}

extension CredentialClient {
    /// Switches every provider from `previous` to `next` as a whole.
    ///
    /// 1. Fetches `next`'s credential for every provider (a failure here changes nothing).
    /// 2. Logs `previous` out of every provider, clears the client's cache of `previous`, and
    ///    confirms with every one of `checks` that no provider still holds anything of `previous`
    ///    (by default its `currentUser()`; pass the test kit's simulator checks, or your own, to look
    ///    at conversations and the like too).
    /// 3. Only then logs `next` in to every provider with its credential, through the one hook
    ///    `login(credentialSource:)`, so its SDK's later requests for a credential (Chat's `getToken`
    ///    on every re-connect, Messaging's `expiredJWT`, Helpshift's `refreshUserCredentials`) ask
    ///    this client.
    ///
    /// If a step fails, the error names it; the providers already switched are logged out again and
    /// `previous` is logged back in with the credentials held before the switch, so no provider is
    /// left half switched. `next == nil` is a logout of every provider.
    @discardableResult
    public func switchUser(
        from previous: UserIdentity?, to next: UserIdentity?, providers: [any IdentityProvider], checks: [UserStateCheck] = [.currentUser]
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
            verify: for provider in providers {
                for check in checks {
                    guard let leftover = await check.leftover(provider, previous) else { continue }
                    failure = (
                        .verify(provider.reference),
                        IdentityError(
                            .unknown, message: "After logout the provider still holds the previous user (\(check.name)): \(leftover).",
                            recovery: "Check the adapter's logout against the vendor's documented behaviour.", provider: provider.reference)
                    )
                    break verify
                }
            }
        }
        var sessions: [IdentitySession] = []
        if failure == nil, let next {
            for (index, (provider, credential)) in zip(providers, nextCredentials).enumerated() {
                loggedOut[index] = true
                do { sessions.append(try await logIn(provider, with: credential, renewingFor: next)) } catch {
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
        if let previous {
            for (index, provider) in providers.enumerated() where loggedOut[index] {
                guard let credential = previousCredentials[index] else {
                    rollbackError =
                        rollbackError
                        ?? IdentityError(
                            .networkError, message: "No credential of the previous user was held to log them back in.",
                            recovery: "Log the previous user in again.", provider: provider.reference)
                    continue
                }
                do { _ = try await logIn(provider, with: credential, renewingFor: previous) } catch {
                    rollbackError = rollbackError ?? error
                }
            }
        }
        throw UserSwitchError(step: step, error: error, restoredPreviousUser: rollbackError == nil, rollbackError: rollbackError)
    }

    /// Logs `user` in to `provider` through its one hook, with a source that hands `credential`
    /// first, then asks this client for every fresh one.
    ///
    /// The SDK asks the source again when the credential it holds no longer serves (Zendesk
    /// Messaging's `expiredJWT`, Zendesk Chat's re-authentication, Helpshift's
    /// `refreshUserCredentials` / `userSessionExpired`), so each later ask first invalidates the
    /// credential this source last handed (only that one: a newer one fetched meanwhile is kept).
    func logIn(_ provider: any IdentityProvider, with credential: Credential, renewingFor user: UserIdentity) async throws(IdentityError)
        -> IdentitySession
    {
        let handed = HandedCredential(credential)
        let key = Key(provider: provider.reference, user: user)
        return try await provider.login(credentialSource: credentialSource(for: user, key: key, handed: handed))
    }

    /// The source a provider keeps: the credential `handed` holds first, once (the login's, for a user
    /// switch), then the client's credential (cached while fresh); an ask under
    /// `CredentialSourceCall.afterRefusal` first invalidates the credential it handed last (only that
    /// one); with `refreshing`, every ask drops the cached credential, so it answers with a newly minted one.
    func credentialSource(for user: UserIdentity, key: Key, handed: HandedCredential, refreshing: Bool = false) -> CredentialSource {
        { [self] () async throws(IdentityError) -> Credential in
            let refused = CredentialSourceCall.replacesRefused
            if let first = handed.takeFirst(), !refused { return first }
            if refreshing {
                invalidate(key, ifHolding: nil)
            } else if refused, let last = handed.last {
                invalidate(key, ifHolding: last)
            }
            let fresh = try await self.credential(for: user, from: key.provider)
            handed.record(fresh)
            return fresh
        }
    }
}

/// What a credential source handed: the login's credential (once), then the last one handed.
final class HandedCredential: Sendable {
    private struct State {
        var first: Credential?
        var last: Credential?
    }
    private let state: Mutex<State>
    init(_ credential: Credential?) { state = Mutex(State(first: credential, last: credential)) }
    /// The login's credential, the first time only.
    func takeFirst() -> Credential? { state.withLock { $0.first.take() } }
    /// The credential handed last.
    var last: Credential? { state.withLock { $0.last } }
    func record(_ credential: Credential) { state.withLock { $0.last = credential } }
}
