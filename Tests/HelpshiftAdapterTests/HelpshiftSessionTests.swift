import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

@Suite("Helpshift session adapter against the simulator (helpshift-users.txt)")
struct HelpshiftSessionTests {
    typealias F = HelpshiftFixture

    @Test("capabilities: anonymous users, hmac, logout, key rotation, conversations; no reset")
    func capabilities() async throws {
        let h = try F.harness()
        #expect(h.provider.capabilities == [.anonymousUsers, .hmac, .logout, .keyRotation, .conversations])
        let identity = try F.harness(["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"])
        #expect(identity.provider.capabilities.isSuperset(of: [.jwt, .identitySystem]))
        #expect(!identity.provider.capabilities.contains(.reset))
        let error = await F.asyncError { try await h.provider.resetIdentity() }
        #expect(error?.code == .unsupportedOperation)
    }

    @Test("login then logout: \"ensure no one else can view this user's conversations\"")
    func loginLogout() async throws {
        let h = try F.harness()
        let session = try await h.provider.login(UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
        #expect(session.user.externalId == "u-1")
        #expect(session.user.email == "ann@example.com")
        #expect(!session.user.isAnonymous)
        try await h.provider.sendMessage("help")
        #expect(await h.simulator.visibleConversationCount() == 1)
        try await h.provider.logout()
        #expect(await h.simulator.visibleConversationCount() == 0)
        #expect(h.recorder.names.contains(.loginSucceeded))
        #expect(h.recorder.names.contains(.loggedOut))
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(await h.simulator.visibleConversationCount() == 1)
    }

    @Test("\"If the login API is called with different user identifier, then it first logs out the currently logged-in user\"")
    func differentUserLogsOutFirst() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("mine")
        _ = h.recorder.drain()
        let second = try await h.provider.login(UserIdentity(userId: "u-2"))
        #expect(second.user.externalId == "u-2")
        #expect(h.recorder.names == [.loggedOut, .loginSucceeded])
        if case .user(let previous) = h.recorder.events.first?.payload {
            #expect(previous.externalId == "u-1")
        } else {
            Issue.record("payload")
        }
        #expect(await h.simulator.visibleConversationCount() == 0)
        _ = h.recorder.drain()
        _ = try await h.provider.login(UserIdentity(userId: "u-2", email: "b@example.com"))
        #expect(h.recorder.names == [.loginSucceeded])
    }

    @Test(
        "\"The login API returns a boolean value indicating whether the passed userId or userEmail are valid\"; invalid raw identifiers create an anonymous user"
    )
    func invalidRawIdentifiers() async throws {
        let h = try F.harness()
        let error = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userId": " u-1 "])) }
        #expect(error?.code == .invalidIdentifier)
        #expect(h.recorder.names == [.authenticationFailed, .fellBackToAnonymous, .loginFailed])
        let user = await h.provider.currentUser()
        #expect(user?.isAnonymous == true)
        #expect(await h.simulator.userCount() == 1)
        let email = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userEmail": "not-an-email"])) }
        #expect(email?.code == .invalidEmail)
        #expect(await h.simulator.userCount() == 1)
        #expect(await h.simulator.login(["userId": String(repeating: "x", count: 751)]) == false)
        #expect(await h.simulator.login([:]) == false)
        #expect(await h.simulator.login(["userEmail": "ann@example.com "]) == false)
        #expect(await h.simulator.login(["userId": "ok", "userEmail": "ann@example.com"]) == true)
    }

    @Test("full privacy: email as the only identifier \"will result in the creation of an anonymous user\"")
    func fullPrivacySimulator() async throws {
        let h = try F.harness(["full_privacy: true"])
        #expect(await h.simulator.login(["userEmail": "ann@example.com"]) == false)
        #expect(await h.simulator.currentUser()?.isAnonymous == true)
        let refused = await F.asyncError { try await h.provider.login(UserIdentity(email: "ann@example.com")) }
        #expect(refused?.code == .missingIdentifier)
        // The direct SDK call above sent userEmail itself: the simulator records it.
        #expect(await h.simulator.privacyLeaks == ["userEmail"])
        _ = try await h.provider.login(UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
        // "no email or name is sent to Helpshift": neither reaches the simulated SDK through the adapter.
        #expect(await h.simulator.privacyLeaks == ["userEmail"])
        #expect(await h.simulator.user(withUserId: "u-1")?.email == nil)
        // A raw credential that carries them anyway: the session adapter withholds them.
        let token = try h.issuer.mint(for: UserIdentity(userId: "u-2"))
        _ = try await h.provider.login(
            credential: Credential(fields: [
                "userId": "u-2", "userEmail": "bob@example.com", "userName": "Bob", "userAuthToken": .string(token),
            ]))
        #expect(await h.simulator.privacyLeaks == ["userEmail"])
        #expect(await h.simulator.user(withUserId: "u-2")?.name == nil)
    }

    @Test(
        "user matching: id priority, id match updates email, email match adds id, different id creates a user, ids case-sensitive, email case-insensitive"
    )
    func directory() async throws {
        let h = try F.harness()
        let sim = h.simulator
        // "When the user ID matches an exisiting user, that user's email will be updated (if the email is provided)"
        _ = try await h.provider.login(UserIdentity(userId: "u-1", email: "old@example.com"))
        _ = try await h.provider.login(UserIdentity(userId: "u-1", email: "new@example.com"))
        #expect(await sim.user(withUserId: "u-1")?.email == "new@example.com")
        #expect(await sim.userCount() == 1)
        // "If the user ID does not exist for a user matched by email, then the user ID will be added for that user"
        _ = try await h.provider.login(UserIdentity(email: "Bob@Example.com"))
        let bob = try #require(await sim.users(withEmail: "bob@example.com").first)
        _ = try await h.provider.login(UserIdentity(userId: "u-bob", email: "BOB@example.COM"))
        #expect(await sim.user(withUserId: "u-bob")?.localId == bob.localId)
        #expect(await sim.userCount() == 2)
        // "If the user ID already exists on the user matched by email, then a new user will be created (if a different user ID is provided)"
        _ = try await h.provider.login(UserIdentity(userId: "u-bob-2", email: "bob@example.com"))
        #expect(await sim.userCount() == 3)
        #expect(await sim.users(withEmail: "bob@example.com").count == 2)
        // "User ID is always case-sensitive (eg. '1abc' is different from '1ABC')"
        _ = try await h.provider.login(UserIdentity(userId: "1abc"))
        _ = try await h.provider.login(UserIdentity(userId: "1ABC"))
        #expect(await sim.userCount() == 5)
        // "the priority of userId is higher than that of userEmail"
        _ = try await h.provider.login(UserIdentity(userId: "1abc", email: "new@example.com"))
        #expect(await h.provider.currentUser()?.externalId == "1abc")
        #expect(await sim.userCount() == 5)
    }

    @Test("clearAnonymousUserOnLogin false: \"if a logged-in user is logged out, you will see anonymous user's conversation history\"")
    func anonymousKept() async throws {
        let h = try F.harness()
        try await h.provider.sendMessage("anonymous question")
        #expect(await h.provider.currentUser()?.isAnonymous == true)
        #expect(await h.simulator.visibleConversationCount() == 1)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(await h.simulator.visibleConversationCount() == 0)
        try await h.provider.logout()
        #expect(await h.provider.currentUser()?.isAnonymous == true)
        #expect(await h.simulator.visibleConversationCount() == 1)
        #expect(!h.recorder.names.contains(.anonymousUserCleared))
    }

    @Test("clearAnonymousUserOnLogin true: \"Once cleared, such users (and their conversations) cannot be fetched again\"")
    func anonymousCleared() async throws {
        let h = try F.harness(["clear_anonymous_user_on_login: true"])
        try await h.provider.sendMessage("anonymous question")
        let anonymous = try #require(await h.provider.currentUser())
        let anonymousCount = await h.simulator.userCount()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(h.recorder.names.contains(.anonymousUserCleared))
        #expect(await h.simulator.hasAnonymousUser() == false)
        #expect(await h.simulator.userCount() == anonymousCount)
        try await h.provider.logout()
        #expect(await h.simulator.visibleConversationCount() == 0)
        let fresh = try #require(await h.provider.currentUser())
        #expect(fresh.isAnonymous)
        #expect(fresh.vendorUserId != anonymous.vendorUserId)
    }

    @Test("\"If a user identifier ... is not passed via the login API, then Helpshift assumes that the user is an anonymous user\"")
    func freshDeviceIsAnonymous() async throws {
        let h = try F.harness()
        let device = try #require(await h.provider.currentUser())
        #expect(device.isAnonymous)
        #expect(await h.simulator.userCount() == 0)
        try await h.provider.sendMessage("first")
        #expect(await h.provider.currentUser()?.vendorUserId == device.vendorUserId)
        #expect(await h.simulator.userCount() == 1)
    }

    @Test("setOption clear_anonymous_user_on_login at run time; other options and types are refused")
    func setOption() async throws {
        let h = try F.harness()
        try await h.provider.sendMessage("anonymous")
        try await h.provider.setOption("clear_anonymous_user_on_login", to: true)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(await h.simulator.hasAnonymousUser() == false)
        #expect(
            await F.asyncError { try await h.provider.setOption("clear_anonymous_user_on_login", to: "yes") }?.code == .invalidValueType)
        #expect(await F.asyncError { try await h.provider.setOption("full_privacy", to: true) }?.code == .unsupportedOperation)
    }

    @Test("clearing the anonymous user while a logged-in user stays current keeps that user current")
    func clearWhileLoggedIn() async throws {
        let h = try F.harness()
        try await h.provider.sendMessage("anonymous")
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("mine")
        try await h.provider.setOption("clear_anonymous_user_on_login", to: true)
        let again = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(again.user.externalId == "u-1")
        #expect(await h.provider.currentUser()?.externalId == "u-1")
        #expect(await h.simulator.hasAnonymousUser() == false)
        #expect(await h.simulator.visibleConversationCount() == 1)
        #expect(await h.simulator.userCount() == 1)
    }

    @Test("identity verification: no token -> authentication_failed token_missing (AuthTokenNotProvided); the user cannot file issues")
    func verificationMissingToken() async throws {
        let h = try F.harness(["identity_verification: true"])
        let login = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userId": "u-1"])) }
        #expect(login?.code == .tokenMissing)
        #expect(login?.vendorCode == "HelpshiftAuthenticationFailureReasonAuthTokenNotProvided")
        #expect(h.recorder.names == [.authenticationFailed, .loginFailed])
        let failure = try #require(h.recorder.events.first?.error)
        #expect(failure.code == .tokenMissing)
        let user = try #require(await h.provider.currentUser())
        #expect(user.externalId == "u-1")
        #expect(!user.isAuthenticated)
        let send = await F.asyncError { try await h.provider.sendMessage("hi") }
        #expect(send?.code == .tokenMissing)
        #expect(send?.message.contains("cannot file issues") == true)
    }

    @Test("identity verification: wrong token -> token_invalid (InvalidAuthToken); cannot file issues or see conversations")
    func verificationWrongToken() async throws {
        let h = try F.harness(["identity_verification: true"])
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("verified message")
        try await h.provider.logout()
        _ = h.recorder.drain()
        let forged = String(repeating: "0", count: 64)
        let login = await F.asyncError {
            try await h.provider.login(credential: Credential(fields: ["userId": "u-1", "userAuthToken": .string(forged)]))
        }
        #expect(login?.code == .tokenInvalid)
        #expect(h.recorder.names == [.authenticationFailed, .loginFailed])
        #expect(await h.provider.currentUser()?.isAuthenticated == false)
        #expect(await h.simulator.visibleConversationCount() == 0)
        #expect(
            await F.asyncError { try await h.provider.sendMessage("hi") }?.vendorCode
                == "HelpshiftAuthenticationFailureReasonInvalidAuthToken")
        let again = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(again.user.isAuthenticated)
        #expect(await h.simulator.visibleConversationCount() == 1)
    }

    @Test("identity verification: \"Anonymous users ... are always able to file Issues\"; verified users work as with verification off")
    func verificationAnonymousAndVerified() async throws {
        let h = try F.harness(["identity_verification: true"])
        try await h.provider.sendMessage("anonymous can")
        let session = try await h.provider.login(UserIdentity(userId: "u-1", email: "ann@example.com"))
        #expect(session.user.isAuthenticated)
        try await h.provider.sendMessage("verified can")
        #expect(await h.simulator.visibleConversationCount() == 1)
        #expect(!h.recorder.names.contains(.authenticationFailed))
    }

    @Test(
        "identity verification with each digest input and encoding agrees with the simulator's own HMAC",
        arguments: [
            ("auto", "hex"), ("user_id", "base64"), ("email", "base64_unpadded"), ("user_id_and_email", "hex"),
        ])
    func digestFormatsAgree(_ input: String, _ encoding: String) async throws {
        let h = try F.harness(["identity_verification: true", "digest_input: \(input)", "digest_encoding: \(encoding)"])
        let session = try await h.provider.login(UserIdentity(userId: "u-1", email: "ann@example.com"))
        #expect(session.user.isAuthenticated)
        try await h.provider.sendMessage("ok")
    }

    @Test("key rotation: a token from the previous secret still verifies at the vendor during rotation")
    func rotationAtVendor() async throws {
        let h = try F.harness(["identity_verification: true", "previous_secrets: [\"${HS_OLD_SECRET}\"]"])
        let old = F.issuer(HelpshiftSettings(secret: Secret(F.oldSecret)))
        let credential = try old.issue(for: UserIdentity(userId: "u-1"))
        let session = try await h.provider.login(credential: credential)
        #expect(session.user.isAuthenticated)
    }

    @Test("a non-string login value is invalid_value_type")
    func nonStringCredential() async throws {
        let h = try F.harness()
        let error = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userId": 5])) }
        #expect(error?.code == .invalidValueType)
        #expect(error?.field == "userId")
    }

    @Test("issuer refusals emit login_failed and never reach the SDK")
    func issuerRefusal() async throws {
        let h = try F.harness()
        let error = await F.asyncError { try await h.provider.login(UserIdentity(userId: "u-1 ")) }
        #expect(error?.code == .invalidIdentifier)
        #expect(h.recorder.names == [.loginFailed])
        #expect(await h.simulator.userCount() == 0)
    }

    @Test("a whole support session, driven in the simulator, reaches the adapter as uniform events")
    func supportSession() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        _ = h.recorder.drain()
        await h.simulator.openChatScreen()
        try await h.provider.sendMessage("my order is late")
        await h.simulator.agentReplies("sorry, call us")
        await h.simulator.clickAction(type: "call", data: "+15550100")
        await h.simulator.askResolutionQuestion()
        try await h.provider.sendMessage("not solved")
        await h.simulator.rejectConversation()
        await h.simulator.submitCSAT(rating: 2, feedback: "slow")
        await h.simulator.closeChatScreen()
        #expect(
            h.recorder.names == [
                .supportSessionStarted, .widgetToggled, .conversationStarted, .messageAdded, .conversationStatus,
                .agentMessageReceived, .actionClicked, .messageAdded, .conversationReopened, .conversationRejected,
                .conversationEnded, .csatSubmitted, .widgetToggled, .supportSessionEnded,
            ])
        #expect(h.recorder.events.first { $0.name == .actionClicked }?.payload == .action(.init(kind: .call, data: "+15550100")))
        #expect(h.recorder.events.first { $0.name == .csatSubmitted }?.payload == .csat(.init(rating: 2, feedback: "slow")))
    }

    @Test("SDK events reach the adapter through the delegate and are mapped")
    func delegateEvents() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        _ = h.recorder.drain()
        try await h.provider.sendMessage("first")
        #expect(h.recorder.names == [.conversationStarted, .messageAdded, .conversationStatus])
        await h.simulator.agentReplies(
            "here", attachments: [.init(url: "https://f/x.pdf", contentType: "application/pdf", fileName: "x.pdf", size: 10)])
        guard case .agentMessage(let message) = h.recorder.events.last?.payload else {
            Issue.record("agent message")
            return
        }
        #expect(message.attachments.first?.fileName == "x.pdf")
        await h.simulator.resolveConversation()
        #expect(Array(h.recorder.names.suffix(2)) == [.conversationResolved, .conversationEnded])
        await h.simulator.emitRawEvent(name: "brandNewEvent", data: ["a": 1])
        #expect(h.recorder.events.last?.payload == .vendor(name: "brandNewEvent", data: ["a": 1]))
        await h.simulator.emitRawEvent(name: "widgetToggle", data: ["visible": "maybe"])
        #expect(h.recorder.events.last?.name == .vendorEvent)
        let handled = try await h.provider.handleVendorEvent(name: "HelpshiftEventNameSessionStarted", data: .null)
        #expect(handled.map(\.name) == [.supportSessionStarted])
        #expect(h.recorder.names.last == .supportSessionStarted)
    }
}
