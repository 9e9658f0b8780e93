import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Logging
import Testing
import ZendeskChatAdapter

@Suite("Zendesk Chat sessions against the simulated Chat backend")
struct ZendeskChatSessionTests {
    let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)

    @Test("login: getToken before connecting, the visitor is authenticated, login_succeeded")
    func loginSucceeds() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let session = try await provider.login(ZendeskChatFixture.ann)
        #expect(session.user.isAuthenticated && !session.user.isAnonymous)
        #expect(session.user.name == "Ann" && session.user.email == "ann@example.com")
        #expect(recorder.names == [.loginSucceeded])
        #expect(await provider.currentUser()?.isAuthenticated == true)
        let visitor = try #require(await provider.currentVisitor())
        #expect(simulator.boundExternalId(visitorId: visitor.visitorId) == "user-123456")
        // The vendor user of an authenticated visitor is the person keyed by external_id, not the visitor.
        #expect(session.user.vendorUserId == simulator.personId(externalId: "user-123456"))
        #expect(session.user.vendorUserId != visitor.visitorId)
    }

    @Test("authentication failure: the chat proceeds anonymously; authentication_failed then fell_back_to_anonymous")
    func fallbackOnWrongSecret() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        simulator.regenerateSharedSecret(ZendeskChatFixture.otherSecret)
        let error = await #expect(throws: IdentityError.self) { try await provider.login(ZendeskChatFixture.ann) }
        #expect(error?.code == .tokenInvalid)
        #expect(error?.vendorCode == "invalidSharedSecret")
        #expect(recorder.names == [.authenticationFailed, .fellBackToAnonymous, .loginFailed])
        #expect(recorder.events.first?.error?.vendorCode == "invalidSharedSecret")
        let user = try #require(await provider.currentUser())
        #expect(user.isAnonymous && !user.isAuthenticated && user.externalId == nil)
        #expect(simulator.authenticationFailures.map(\.vendorError) == [.invalidSharedSecret])
    }

    @Test("a wrong account key -> invalid_account_key (invalidAccountKey) and anonymous fallback")
    func invalidAccountKey() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock, simulatorAccountKey: Secret("the-real-key"))
        let error = await #expect(throws: IdentityError.self) { try await provider.login(ZendeskChatFixture.ann) }
        #expect(error?.code == .invalidAccountKey)
        #expect(error?.vendorCode == "invalidAccountKey")
        #expect(recorder.names == [.authenticationFailed, .fellBackToAnonymous, .loginFailed])
        #expect(await provider.currentUser()?.isAnonymous == true)
    }

    @Test("getToken failing or giving no token -> token_missing (invalidAccessToken) and anonymous fallback")
    func getTokenFails() async throws {
        for authenticator in [ScriptedAuthenticator(token: nil, error: ServiceDown()), ScriptedAuthenticator(token: nil, error: nil)] {
            let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
            await provider.setIdentity(authenticator: authenticator)
            let connection = await provider.connect()
            #expect(!connection.visitor.isAuthenticated)
            #expect(recorder.names == [.authenticationFailed, .fellBackToAnonymous])
            #expect(recorder.events.first?.error?.code == .tokenMissing)
            #expect(recorder.events.first?.error?.vendorCode == "invalidAccessToken")
        }
    }

    @Test("a completion called twice is ignored after the first call")
    func completionTwice() async throws {
        let token = try await ScriptedAuthenticator(token: "first", error: nil, callTwice: true).getToken()
        #expect(token == "first")
    }

    @Test("a re-authentication with another user's JWT on the same visitor -> external_id_changed (externalUserIdHasChanged)")
    func externalIdChangeRefused() async throws {
        // external_id: "Once set for the customer, this value cannot be changed". The SDK-level path (setIdentity,
        // then connect) hands the JWT to the backend as is, so the backend refuses it.
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        let bob = UserIdentity(userId: "user-999", email: "bob@example.com", name: "Bob")
        let credential = try ZendeskChatFixture.issuer(clock: clock).issue(for: bob)
        await provider.setIdentity(authenticator: ZendeskChatFixedTokenAuthenticator(token: credential.jwt ?? ""))
        let connection = await provider.connect()
        let error = connection.failure.map { $0.identityError(provider: provider.reference) }
        #expect(error?.code == .externalIdChanged)
        #expect(error?.vendorCode == "externalUserIdHasChanged")
        #expect(recorder.names == [.loginSucceeded, .authenticationFailed, .fellBackToAnonymous])
        #expect(await provider.currentUser()?.isAnonymous == true)
    }

    @Test("a login with another user's raw JWT ends the visitor's identity first: logged_out, identity_reset, login_succeeded")
    func rawJWTOfAnotherUserSwitches() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        let bob = UserIdentity(userId: "user-999", email: "bob@example.com", name: "Bob")
        let credential = try ZendeskChatFixture.issuer(clock: clock).issue(for: bob)
        _ = recorder.drain()
        let session = try await provider.login(credential: credential)
        #expect(recorder.names == [.loggedOut, .identityReset, .loginSucceeded])
        #expect(session.user.externalId == "user-999")
    }

    @Test("resetIdentity: new unique anonymous visitor, previous chats unassociated, identity_reset; a new user can then log in")
    func reset() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let first = try await provider.login(ZendeskChatFixture.ann)
        try await provider.sendMessage("hello")
        #expect(await simulator.visibleConversationCount() == 1)
        try await provider.resetIdentity()
        let after = try #require(await provider.currentUser())
        #expect(after.vendorUserId != first.user.vendorUserId)
        #expect(after.isAnonymous)
        #expect(await simulator.visibleConversationCount() == 0)
        #expect(recorder.names.last == .identityReset)
        let bob = UserIdentity(userId: "user-999", email: "bob@example.com", name: "Bob")
        #expect(try await provider.login(bob).user.externalId == "user-999")
        #expect(await simulator.userCount() == 2)  // ann and bob; the reset visitor became bob
    }

    @Test("resetIdentity discards the local cache: identity and VisitorInfo are gone at the next connect")
    func resetDiscardsCache() async throws {
        let (provider, simulator, _) = try ZendeskChatFixture.provider(clock: clock)
        await provider.setVisitorInfo(ZendeskChatVisitorInfo(name: "Guest"))
        _ = try await provider.login(ZendeskChatFixture.ann)
        try await provider.resetIdentity()
        let connection = await provider.connect()
        #expect(connection.failure == nil)
        #expect(!connection.visitor.isAuthenticated && connection.visitor.name == nil)
        #expect(simulator.boundExternalId(visitorId: connection.visitor.visitorId) == nil)
    }

    @Test("concurrent logins connect one at a time, each with its own identity; the second ends the first's identity")
    func concurrentLogins() async throws {
        // Formerly the second login was refused with external_id_changed; login(_:) of another user now
        // resets the visitor first (logged_out, identity_reset), as logout does, so both succeed in order.
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let bob = UserIdentity(userId: "user-999", email: "bob@example.com", name: "Bob")
        func attempt(_ user: UserIdentity) async -> Result<IdentitySession, IdentityError> {
            do { return .success(try await provider.login(user)) } catch { return .failure(error) }
        }
        async let first = attempt(ZendeskChatFixture.ann)
        async let second = attempt(bob)
        let outcomes = await [first, second]
        let sessions = outcomes.compactMap { try? $0.get() }
        #expect(sessions.count == 2)
        #expect(recorder.names == [.loginSucceeded, .loggedOut, .identityReset, .loginSucceeded])
        #expect(Set(sessions.compactMap(\.user.externalId)) == ["user-123456", "user-999"])
        // The user of the login that connected last is the current one.
        let last = try #require(recorder.events.last?.payload)
        guard case .user(let lastUser) = last else {
            Issue.record("login_succeeded without a user payload")
            return
        }
        #expect(await provider.currentUser() == lastUser)
    }

    @Test("logout un-authenticates through resetIdentity: logged_out then identity_reset")
    func logout() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let session = try await provider.login(ZendeskChatFixture.ann)
        try await provider.logout()
        #expect(recorder.names == [.loginSucceeded, .loggedOut, .identityReset])
        #expect(recorder.events[1].payload == .user(loggedOut(session.user)))
        #expect(await provider.currentUser()?.isAnonymous == true)
    }

    @Test("failed re-authentication during a chat ends the conversation and starts a new anonymous one")
    func reauthenticationFails() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        try await provider.sendMessage("my order is late")
        simulator.regenerateSharedSecret(ZendeskChatFixture.otherSecret)
        _ = recorder.drain()
        try await provider.enterForeground()
        #expect(recorder.names == [.authenticationFailed, .conversationEnded, .fellBackToAnonymous, .conversationStarted])
        let conversations = simulator.conversations
        #expect(conversations.count == 2)
        #expect(conversations[0].ended && conversations[0].authenticated)
        #expect(!conversations[1].ended && !conversations[1].authenticated)
        #expect(await provider.currentUser()?.isAuthenticated == false)
        try await provider.sendMessage("still there?")
        #expect(recorder.names.last == .messageAdded)
        #expect(simulator.conversations[1].messages == ["still there?"])
    }

    @Test("successful re-authentication keeps the conversation")
    func reauthenticationSucceeds() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        try await provider.sendMessage("hi")
        clock.advance(by: 600)  // the first JWT has expired; getToken mints a fresh one
        let connection = await provider.reauthenticate()
        #expect(connection.failure == nil && connection.visitor.isAuthenticated)
        #expect(simulator.conversations.count == 1)
        #expect(recorder.names == [.loginSucceeded, .conversationStarted, .loginSucceeded])
    }

    @Test("an expired credential -> token_expired (tokenHasExpired)")
    func expiredCredential() async throws {
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let credential = try ZendeskChatFixture.issuer(clock: clock).issue(for: ZendeskChatFixture.ann)
        clock.advance(by: 300)
        let error = await #expect(throws: IdentityError.self) { try await provider.login(credential: credential) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "tokenHasExpired")
    }

    @Test("backend refusals for iat skew and lifetime surface with their uniform codes")
    func skewAndLifetimeThroughBackend() async throws {
        let cases: [(Int64, Int64, IdentityError.Code?)] = [
            (ZendeskChatFixture.start + 120, ZendeskChatFixture.start + 420, nil),
            (ZendeskChatFixture.start + 121, ZendeskChatFixture.start + 421, .tokenNotYetValid),
            (ZendeskChatFixture.start, ZendeskChatFixture.start + 420, nil),
            (ZendeskChatFixture.start, ZendeskChatFixture.start + 421, .tokenLifetimeTooLong),
        ]
        for (iat, exp, code) in cases {
            let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
            let credential = Credential.jwt(ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: iat, exp: exp)))
            if let code {
                let error = await #expect(throws: IdentityError.self) { try await provider.login(credential: credential) }
                #expect(error?.code == code)
            } else {
                #expect(try await provider.login(credential: credential).user.isAuthenticated)
            }
        }
    }

    @Test("a login with a user that cannot be issued a JWT fails before the SDK: login_failed")
    func invalidUser() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let error = await #expect(throws: IdentityError.self) { try await provider.login(UserIdentity(userId: "u-1", name: "Ann")) }
        #expect(error?.code == .invalidEmail)
        #expect(recorder.names == [.loginFailed])
        #expect(await simulator.currentVisitor() == nil)
    }

    @Test("a credential without jwt -> token_missing")
    func credentialWithoutJWT() async throws {
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let error = await #expect(throws: IdentityError.self) { try await provider.login(credential: Credential(fields: [:])) }
        #expect(error?.code == .tokenMissing)
    }

    @Test("VisitorInfo is honoured for an anonymous session")
    func visitorInfoAnonymous() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        try await provider.setOption("visitor_info", to: ["name": "Guest", "email": "guest@example.com", "phone_number": "+1 555"])
        let connection = await provider.connect()
        #expect(connection.visitor.name == "Guest" && connection.visitor.email == "guest@example.com")
        #expect(connection.visitor.phoneNumber == "+1 555")
        #expect(!connection.visitorInfoDiscarded)
        #expect(recorder.names == [.anonymousUserCreated])
    }

    @Test("VisitorInfo is discarded for an authenticated session, with a logged warning")
    func visitorInfoAuthenticated() async throws {
        let capture = LogCapture()
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock, logger: capture.logger)
        await provider.setVisitorInfo(ZendeskChatVisitorInfo(name: "Guest", email: "guest@example.com"))
        let session = try await provider.login(ZendeskChatFixture.ann)
        #expect(session.user.name == "Ann" && session.user.email == "ann@example.com")
        #expect(capture.contains(.warning, "VisitorInfo discarded"))
    }

    @Test("setOption: unknown keys are unsupported, wrong types invalid_value_type")
    func options() async throws {
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let unknown = await #expect(throws: IdentityError.self) { try await provider.setOption("colour", to: "blue") }
        #expect(unknown?.code == .unsupportedOperation)
        let wrong = await #expect(throws: IdentityError.self) { try await provider.setOption("visitor_info", to: ["name": 3]) }
        #expect(wrong?.code == .invalidValueType)
    }

    @Test("handleVendorEvent emits the mapped events")
    func vendorEvent() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let events = try await provider.handleVendorEvent(
            name: ZendeskChatVendorEvents.authenticationFailed, data: ["error": "invalidEmail"])
        #expect(events.first?.error?.code == .invalidEmail)
        #expect(recorder.names == [.authenticationFailed, .fellBackToAnonymous])
    }
}
