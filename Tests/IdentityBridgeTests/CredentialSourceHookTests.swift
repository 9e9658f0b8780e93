import IdentityBridge
import Synchronization
import Testing

/// The one hook, `IdentityProvider.login(credentialSource:)`, as a kind that writes none gets it.
@Suite("The default credential-source hook")
struct CredentialSourceHookTests {
    static let reference = ProviderReference(kind: "plain")

    /// A kind with no SDK callback that asks again: it implements only the requirements without a default.
    final class PlainProvider: IdentityProvider {
        let reference = CredentialSourceHookTests.reference
        let capabilities: ProviderCapabilities = [.logout]
        let eventHub = EventHub()
        let logins = Mutex<[Credential]>([])
        var issuer: any CredentialIssuer { fatalError("not used") }

        func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
            throw .unsupported("login", provider: reference)
        }
        func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
            logins.withLock { $0.append(credential) }
            let user = ProviderUser(vendorUserId: credential["user"] ?? "?", isAnonymous: false, isAuthenticated: true)
            return IdentitySession(provider: reference, user: user)
        }
        func logout() async throws(IdentityError) {}
        func currentUser() async -> ProviderUser? { nil }
    }

    @Test("logs in once with the source's first credential, through an existential too")
    func logsInOnceWithTheFirstCredential() async throws {
        let provider = PlainProvider()
        let asks = Mutex(0)
        let source: CredentialSource = { () throws(IdentityError) -> Credential in
            let ask = asks.withLock {
                $0 += 1
                return $0
            }
            return Credential(fields: ["user": .string("u-\(ask)")])
        }
        let existential: any IdentityProvider = provider
        let session = try await existential.login(credentialSource: source)
        #expect(session.user.vendorUserId == "u-1")
        #expect(asks.withLock { $0 } == 1)
        #expect(provider.logins.withLock { $0 } == [Credential(fields: ["user": .string("u-1")])])
    }

    @Test("a failing source is the source's error, attributed to the provider, and nothing logs in")
    func aFailingSourceIsAttributed() async {
        let provider = PlainProvider()
        let source: CredentialSource = { () throws(IdentityError) -> Credential in
            throw IdentityError(.networkError, message: "the token service is down")
        }
        let error = await #expect(throws: IdentityError.self) { try await provider.login(credentialSource: source) }
        #expect(error?.code == .networkError)
        #expect(error?.provider == Self.reference)
        #expect(provider.logins.withLock { $0 }.isEmpty)
    }
}
