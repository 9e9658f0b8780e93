import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging logoutUser")
struct ZendeskMessagingLogoutTests {
    @Test("'calling logoutUser for an unauthenticated user clears all associated data, including their conversation history'")
    func logoutAnonymousLosesData() async throws {
        let session = try Session()
        try await session.provider.sendMessage("anonymous history")
        let anonymous = try #require(await session.provider.currentUser())
        #expect(session.simulator.storedConversationCount == 1)
        _ = session.recorder.drain()

        try await session.provider.logout()
        #expect(session.names == [.anonymousUserCleared, .loggedOut])
        #expect(session.recorder.events.first?.payload == .user(anonymous))
        // "this data cannot be recovered"
        #expect(!session.simulator.hasUser(id: anonymous.vendorUserId))
        #expect(session.simulator.storedConversationCount == 0)
        #expect(await session.simulator.userCount() == 0)
        #expect(await session.provider.currentUser() == nil)

        // "When the unauthenticated user next accesses the conversation screen, a new user profile and conversation will be created."
        _ = session.recorder.drain()
        try await session.provider.sendMessage("again")
        let fresh = try #require(await session.provider.currentUser())
        #expect(fresh.vendorUserId != anonymous.vendorUserId)
        #expect(session.names == [.conversationStarted])
        #expect(try await session.provider.conversations().flatMap(\.messages).map(\.text) == ["again"])
    }

    @Test("logging out an authenticated user: logged_out, push unsubscribed, missed notifications never delivered later")
    func logoutAuthenticated() async throws {
        let session = try Session()
        let login = try await session.provider.login(UserIdentity(userId: "E"))
        try await session.provider.sendMessage("question")
        #expect(session.simulator.agentReply(toExternalId: "E", text: "answer 1"))
        #expect(session.simulator.deliveredNotifications(externalId: "E") == ["answer 1"])
        _ = session.recorder.drain()

        try await session.provider.logout()
        #expect(session.names == [.loggedOut])
        #expect(session.recorder.events.first?.payload == .user(loggedOut(login.user)))
        #expect(!session.simulator.isSubscribedToPush)
        #expect(await session.provider.currentUser() == nil)
        #expect(await session.provider.currentSessionExpiresAt == nil)

        #expect(!session.simulator.agentReply(toExternalId: "E", text: "missed while logged out"))
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        #expect(session.simulator.isSubscribedToPush)
        // "you will received new notifications but not the ones you missed while you were logged out"
        #expect(session.simulator.deliveredNotifications(externalId: "E") == ["answer 1"])
        #expect(session.simulator.agentReply(toExternalId: "E", text: "answer 2"))
        #expect(session.simulator.deliveredNotifications(externalId: "E") == ["answer 1", "answer 2"])
        // The conversation itself is kept on the server.
        let texts = try await session.provider.conversations().flatMap(\.messages).map(\.text)
        #expect(texts == ["question", "answer 1", "missed while logged out", "answer 2"])
    }

    @Test("logout with no user changes nothing and ends in logged_out, as every logout")
    func logoutWithoutUser() async throws {
        let session = try Session()
        try await session.provider.logout()
        #expect(session.names == [.loggedOut])
    }
}

@Suite("Zendesk Messaging: no state of the previous user after logout and relogin")
struct ZendeskMessagingNoLeakTests {
    func assertNothingOf(_ previous: String, visibleIn session: Session, now: String) async throws {
        let user = try #require(await session.provider.currentUser())
        #expect(user.externalId == now)
        let texts = try await session.provider.conversations().flatMap(\.messages).map(\.text)
        #expect(!texts.contains { $0.contains(previous) }, "\(texts)")
    }

    @Test("'the previous user's conversations stay visible after logout and re-login' must not happen")
    func logoutThenOtherUser() async throws {
        let session = try Session(mode: .multi)
        _ = try await session.provider.login(UserIdentity(userId: "E", email: "e@example.com", name: "Eve"))
        try await session.provider.sendMessage("private to E")
        try await session.provider.logout()
        let result = try await session.provider.login(UserIdentity(userId: "F"))
        #expect(result.user.email == nil && result.user.name == nil)
        try await assertNothingOf("E", visibleIn: session, now: "F")
        #expect(await session.simulator.visibleConversationCount() == 0)
        #expect(session.simulator.agentReply(toExternalId: "E", text: "reply to E") == false)
        #expect(session.simulator.deliveredNotifications(externalId: "F").isEmpty)
        try await session.provider.sendMessage("F speaks")
        #expect(await session.simulator.visibleConversationCount() == 1)
        #expect(try await session.provider.conversations().flatMap(\.messages).map(\.text) == ["F speaks"])
    }

    @Test("logging in as another user without logout first logs the previous user out")
    func switchWithoutLogout() async throws {
        let session = try Session(mode: .single)
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        try await session.provider.sendMessage("private to E")
        _ = session.recorder.drain()
        _ = try await session.provider.login(UserIdentity(userId: "F"))
        #expect(session.names == [.loggedOut, .loginSucceeded])
        try await assertNothingOf("E", visibleIn: session, now: "F")
        #expect(!session.names.contains(.usersMerged))
        #expect(session.simulator.storedConversations(externalId: "E").count == 1)
    }

    @Test("the simulated SDK reproduces the reported leak when driven without logoutUser; the adapter avoids it")
    func simulatorModelsTheLeak() async throws {
        let session = try Session()
        let issuer = session.provider.issuer
        let sdk = session.simulator
        _ = try await sdk.loginUser(jwt: try #require(try issuer.issue(for: UserIdentity(userId: "E")).jwt))
        _ = try await sdk.sendMessage("private to E", conversationId: nil)
        _ = try await sdk.loginUser(jwt: try #require(try issuer.issue(for: UserIdentity(userId: "F")).jwt))
        #expect(try await sdk.conversations().flatMap(\.messages).map(\.text) == ["private to E"])
        try await sdk.logoutUser()
        _ = try await sdk.loginUser(jwt: try #require(try issuer.issue(for: UserIdentity(userId: "F")).jwt))
        #expect(try await sdk.conversations().isEmpty)
    }

    @Test("a conversation id of the previous user cannot be written to by the next user")
    func foreignConversationId() async throws {
        let session = try Session(mode: .multi)
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        let receipt = try await session.provider.sendMessage("private to E", conversationId: nil)
        try await session.provider.logout()
        _ = try await session.provider.login(UserIdentity(userId: "F"))
        let error = await identityError { try await session.provider.sendMessage("hi", conversationId: receipt.conversationId) }
        #expect(error?.vendorCode == ZendeskMessagingVendorCode.conversationNotFound)
        #expect(error?.code == .unknown)
        #expect(session.simulator.storedConversations(externalId: "E").flatMap(\.messages).map(\.text) == ["private to E"])
    }

    @Test("after an expired session, another user's login sees nothing of the expired user")
    func expiredThenOtherUser() async throws {
        let session = try Session()
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        try await session.provider.sendMessage("private to E")
        session.clock.advance(by: 3_600)
        _ = await identityError { try await session.provider.sendMessage("x") }
        _ = try await session.provider.login(UserIdentity(userId: "F"))
        try await assertNothingOf("E", visibleIn: session, now: "F")
    }
}
