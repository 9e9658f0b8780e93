import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Logging
import Testing
import ZendeskChatAdapter

/// Logging in another user, and the same user again: visitors, people and the `external_id` binding.
///
/// zendesk-chat-authentication.txt: external_id "Once set for the customer, this value cannot be
/// changed"; "Support for cross device or browser identification: The visitor can be viewed as the
/// same person if or when they choose to use a different device or browser when the custom ID is
/// specified in the authentication call"; "How to un-authenticate your users ... through the
/// resetIdentity function". zendesk-support-and-chat-identity.txt: resetIdentity "will force a new
/// unique identifier to be generated ... unassociated with the any ongoing chats and the local cache
/// to be discarded"; externalUserIdHasChanged "External user id in provided JWT has changed".
@Suite("Zendesk Chat: another user, the same user again")
struct ZendeskChatIdentitySwitchTests {
    let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)
    static let bob = UserIdentity(userId: "user-999", email: "bob@example.com", name: "Bob")

    // MARK: login(_:) of another user

    @Test("login of another user un-authenticates the previous one with resetIdentity: logged_out, identity_reset, login_succeeded")
    func anotherUserResetsFirst() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let ann = try await provider.login(ZendeskChatFixture.ann)
        let annVisitor = try #require(await provider.currentVisitor())
        try await provider.sendMessage("ann's question")
        _ = recorder.drain()

        let bob = try await provider.login(Self.bob)
        #expect(recorder.names == [.loggedOut, .identityReset, .loginSucceeded])
        #expect(!recorder.names.contains(.authenticationFailed))
        // logged_out names the previous user, no longer authenticated
        #expect(recorder.events.first?.payload == .user(loggedOut(ann.user)))
        #expect(bob.user.externalId == "user-999" && bob.user.isAuthenticated)
        #expect(bob.user.vendorUserId != ann.user.vendorUserId)

        // A new unique visitor; ann's visitor keeps its binding, her chats are no longer visible.
        let bobVisitor = try #require(await provider.currentVisitor())
        #expect(bobVisitor.visitorId != annVisitor.visitorId)
        #expect(simulator.boundExternalId(visitorId: annVisitor.visitorId) == "user-123456")
        #expect(simulator.boundExternalId(visitorId: bobVisitor.visitorId) == "user-999")
        #expect(await simulator.visibleConversationCount() == 0)
        #expect(simulator.authenticationFailures.isEmpty)
        #expect(await simulator.userCount() == 2)
    }

    @Test("the identity_reset of a login as another user carries the new anonymous visitor, the login the new user")
    func switchPayloads() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        _ = recorder.drain()
        let bob = try await provider.login(Self.bob)
        let visitor = try #require(await provider.currentVisitor())
        guard case .user(let reset)? = recorder.events.dropFirst().first?.payload else {
            Issue.record("identity_reset without a user payload")
            return
        }
        #expect(reset.isAnonymous && reset.vendorUserId == visitor.visitorId)
        #expect(recorder.events.last?.payload == .user(bob.user))
    }

    @Test("another user after the previous one fell back to anonymous: the visitor stays bound, so it is reset too")
    func anotherUserAfterFallback() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        // Bob's JWT re-authenticating ann's visitor: refused, the chat proceeds anonymously, the binding stays.
        let credential = try ZendeskChatFixture.issuer(clock: clock).issue(for: Self.bob)
        await provider.setIdentity(authenticator: ZendeskChatFixedTokenAuthenticator(token: credential.jwt ?? ""))
        #expect(await provider.connect().failure?.vendorError.rawValue == "externalUserIdHasChanged")
        let fallenBack = try #require(await provider.currentVisitor())
        #expect(!fallenBack.isAuthenticated)
        #expect(simulator.boundExternalId(visitorId: fallenBack.visitorId) == "user-123456")
        _ = recorder.drain()

        let bob = try await provider.login(Self.bob)
        #expect(recorder.names == [.loggedOut, .identityReset, .loginSucceeded])
        #expect(bob.user.externalId == "user-999")
        #expect(await provider.currentVisitor()?.visitorId != fallenBack.visitorId)
    }

    @Test("an anonymous visitor is authenticated in place: no reset, anonymous_user_created then login_succeeded")
    func anonymousThenLogin() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let anonymous = await provider.connect().visitor
        let session = try await provider.login(ZendeskChatFixture.ann)
        #expect(recorder.names == [.anonymousUserCreated, .loginSucceeded])
        #expect(await provider.currentVisitor()?.visitorId == anonymous.visitorId)
        #expect(session.user.vendorUserId == simulator.personId(externalId: "user-123456"))
        #expect(session.user.vendorUserId != anonymous.user.vendorUserId)
        #expect(await simulator.userCount() == 1)  // the anonymous visitor became ann
    }

    @Test("a user who cannot be issued a JWT does not log the current user out: login_failed only")
    func invalidSecondUserKeepsFirst() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let ann = try await provider.login(ZendeskChatFixture.ann)
        _ = recorder.drain()
        let error = await #expect(throws: IdentityError.self) {
            try await provider.login(UserIdentity(userId: "user-999", name: "Bob"))
        }
        #expect(error?.code == .invalidEmail)
        #expect(recorder.names == [.loginFailed])
        #expect(await provider.currentUser() == ann.user)
    }

    @Test("a logout racing a login of another user runs in call order")
    func logoutAndLoginInOrder() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        _ = recorder.drain()
        async let logout: Void = provider.logout()
        async let login = provider.login(Self.bob)
        try await logout
        _ = try await login
        // Whichever runs first, every transition is complete and bob ends logged in on a fresh visitor.
        let names = recorder.names
        #expect(
            names == [.loggedOut, .identityReset, .loginSucceeded]
                || names == [.loggedOut, .identityReset, .loginSucceeded, .loggedOut, .identityReset])
        if names.count == 3 { #expect(await provider.currentUser()?.externalId == "user-999") }
    }

    // MARK: the same user again

    @Test(
        "'viewed as the same person ... when the custom ID is specified': the same user after logout is the same vendor user on a new visitor"
    )
    func sameUserAfterLogout() async throws {
        let (provider, simulator, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let first = try await provider.login(ZendeskChatFixture.ann)
        let firstVisitor = try #require(await provider.currentVisitor())
        try await provider.logout()
        let again = try await provider.login(ZendeskChatFixture.ann)
        let secondVisitor = try #require(await provider.currentVisitor())
        #expect(again.user.vendorUserId == first.user.vendorUserId)
        #expect(secondVisitor.visitorId != firstVisitor.visitorId)
        #expect(simulator.visitorIds(externalId: "user-123456") == [firstVisitor.visitorId, secondVisitor.visitorId])
        #expect(recorder.names == [.loginSucceeded, .loggedOut, .identityReset, .loginSucceeded])
        #expect(await simulator.userCount() == 1)  // one person; the reset visitor became ann again
    }

    @Test("the same user after another user is the same vendor user again")
    func sameUserAfterAnother() async throws {
        let (provider, _, _) = try ZendeskChatFixture.provider(clock: clock)
        let first = try await provider.login(ZendeskChatFixture.ann)
        let bob = try await provider.login(Self.bob)
        let again = try await provider.login(ZendeskChatFixture.ann)
        #expect(again.user.vendorUserId == first.user.vendorUserId)
        #expect(again.user.vendorUserId != bob.user.vendorUserId)
    }

    @Test("the same user logged in twice in a row stays on the visitor: no reset")
    func sameUserTwice() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        let first = try await provider.login(ZendeskChatFixture.ann)
        let visitor = try #require(await provider.currentVisitor())
        clock.advance(by: 60)
        let again = try await provider.login(ZendeskChatFixture.ann)
        #expect(recorder.names == [.loginSucceeded, .loginSucceeded])
        #expect(again.user.vendorUserId == first.user.vendorUserId)
        #expect(await provider.currentVisitor()?.visitorId == visitor.visitorId)
    }

    @Test("'use a different device or browser when the custom ID is specified': another device reaches the same person")
    func sameUserOnAnotherDevice() async throws {
        let (phone, phoneBackend, _) = try ZendeskChatFixture.provider(clock: clock)
        let tabletBackend = phoneBackend.anotherDevice()
        let tablet = ZendeskChatProvider(
            issuer: try ZendeskChatFixture.issuer(clock: clock), port: tabletBackend, clock: clock, logger: Logger(label: "tablet"))
        let onPhone = try await phone.login(ZendeskChatFixture.ann)
        let onTablet = try await tablet.login(ZendeskChatFixture.ann)
        #expect(onTablet.user.vendorUserId == onPhone.user.vendorUserId)
        let phoneVisitor = try #require(await phone.currentVisitor())
        let tabletVisitor = try #require(await tablet.currentVisitor())
        #expect(phoneVisitor.visitorId != tabletVisitor.visitorId)
        #expect(phoneBackend.visitorIds(externalId: "user-123456") == [phoneVisitor.visitorId, tabletVisitor.visitorId])
        #expect(await phoneBackend.userCount() == 1)
        // Chat history stays per visitor: "authenticating your users in the SDK won't enable them to see their Chat history".
        try await phone.sendMessage("from my phone")
        #expect(await phoneBackend.visibleConversationCount() == 1)
        #expect(await tabletBackend.visibleConversationCount() == 0)
        // An anonymous visitor on the tablet is a user of its own.
        try await tablet.logout()
        #expect(await tablet.currentUser()?.vendorUserId != onPhone.user.vendorUserId)
        #expect(await phoneBackend.userCount() == 2)
    }

    // MARK: the vendor rule stays at the SDK level

    @Test("simulator: a JWT for another external_id on the same visitor without a reset -> externalUserIdHasChanged")
    func simulatorRefusesChangedExternalId() async throws {
        let simulator = ZendeskChatSimulator(
            accountKey: ZendeskChatFixture.accountKey, sharedSecret: ZendeskChatFixture.secret, clock: clock)
        await simulator.initialize(accountKey: ZendeskChatFixture.accountKey.revealed)
        let ann = await simulator.connect(jwt: ZendeskChatFixture.token(ZendeskChatFixture.claims()), visitorInfo: nil)
        #expect(ann.failure == nil && ann.visitor.isAuthenticated)
        let bobToken = ZendeskChatFixture.token(
            ZendeskChatFixture.claims(["external_id": "user-999", "name": "Bob", "email": "bob@example.com"]))
        let refused = await simulator.connect(jwt: bobToken, visitorInfo: nil)
        #expect(refused.failure?.vendorError == .externalUserIdHasChanged)
        #expect(refused.failure?.reason == .externalIdChanged)
        #expect(!refused.visitor.isAuthenticated && refused.visitor.personId == nil)
        #expect(refused.visitor.visitorId == ann.visitor.visitorId)
        #expect(simulator.boundExternalId(visitorId: ann.visitor.visitorId) == "user-123456")
        // Only a reset (a new unique visitor) lets another external_id authenticate.
        let fresh = await simulator.resetIdentity()
        let bob = await simulator.connect(jwt: bobToken, visitorInfo: nil)
        #expect(bob.failure == nil && bob.visitor.isAuthenticated)
        #expect(bob.visitor.visitorId == fresh.visitorId)
        #expect(bob.visitor.personId != ann.visitor.personId)
    }

    @Test("SDK-level re-authentication with another external_id on the same visitor -> external_id_changed, anonymous fallback")
    func reauthenticationWithAnotherExternalId() async throws {
        let (provider, _, recorder) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        _ = recorder.drain()
        let bobToken = ZendeskChatFixture.token(
            ZendeskChatFixture.claims(["external_id": "user-999", "name": "Bob", "email": "bob@example.com"]))
        await provider.setIdentity(authenticator: ScriptedAuthenticator(token: bobToken, error: nil))
        let connection = await provider.reauthenticate()
        #expect(connection.failure?.vendorError == .externalUserIdHasChanged)
        #expect(recorder.names == [.authenticationFailed, .fellBackToAnonymous])
        #expect(recorder.events.first?.error?.code == .externalIdChanged)
        #expect(await provider.currentUser()?.isAnonymous == true)
    }

    @Test("simulator: one person per external_id across visitors; anonymous visitors have no person")
    func simulatorPeople() async throws {
        let simulator = ZendeskChatSimulator(
            accountKey: ZendeskChatFixture.accountKey, sharedSecret: ZendeskChatFixture.secret, clock: clock)
        await simulator.initialize(accountKey: ZendeskChatFixture.accountKey.revealed)
        let anonymous = await simulator.connect(jwt: nil, visitorInfo: nil)
        #expect(anonymous.visitor.personId == nil)
        let first = await simulator.connect(jwt: ZendeskChatFixture.token(ZendeskChatFixture.claims()), visitorInfo: nil)
        _ = await simulator.resetIdentity()
        let second = await simulator.connect(jwt: ZendeskChatFixture.token(ZendeskChatFixture.claims()), visitorInfo: nil)
        let person = try #require(first.visitor.personId)
        #expect(second.visitor.personId == person)
        #expect(simulator.personId(externalId: "user-123456") == person)
        #expect(first.visitor.visitorId != second.visitor.visitorId)
        #expect(await simulator.userCount() == 1)
    }

    // MARK: mapping to ProviderUser

    @Test("ProviderUser.vendorUserId: the person when authenticated, the visitor when anonymous")
    func vendorUserIdMapping() {
        let authenticated = ZendeskChatVisitor(visitorId: "visitor-7", personId: "person-2", externalId: "u-1", isAuthenticated: true)
        #expect(authenticated.user.vendorUserId == "person-2")
        #expect(authenticated.user.externalId == "u-1")
        let noPersonId = ZendeskChatVisitor(visitorId: "visitor-7", externalId: "u-1", isAuthenticated: true)
        #expect(noPersonId.user.vendorUserId == "external_id:u-1")
        let anonymous = ZendeskChatVisitor(visitorId: "visitor-8", personId: "person-2", externalId: "u-1", isAuthenticated: false)
        #expect(anonymous.user.vendorUserId == "visitor-8")
        #expect(anonymous.user.externalId == nil && anonymous.user.isAnonymous)
    }
}
