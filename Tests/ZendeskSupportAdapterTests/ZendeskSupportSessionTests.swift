import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

@Suite("Zendesk Support sessions against the simulated Zendesk backend")
struct ZendeskSupportSessionTests {
    let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)

    @Test("JWT login: Zendesk POSTs user_token to the endpoint, verifies the JWT and knows the user by external_id")
    func jwtLogin() async throws {
        let (provider, simulator, recorder) = try ZendeskSupportFixture.provider(clock: clock)
        let session = try await provider.login(ZendeskSupportFixture.ann)
        #expect(session.user.isAuthenticated && session.user.externalId == "u-1" && session.user.email == "ann@example.com")
        #expect(recorder.names == [.loginSucceeded])
        #expect(simulator.endpointCalls.count == 1)
        #expect(simulator.endpointCalls.first?.hasPrefix("user_token=") == true)
        let again = try await provider.login(UserIdentity(userId: "u-1", email: "ann.new@example.com", name: "Ann B"))
        #expect(again.user.vendorUserId == session.user.vendorUserId)
        #expect(again.user.email == "ann.new@example.com")
        #expect(await simulator.userCount() == 1)
    }

    @Test("an anonymous identity on a JWT app is refused, by the adapter and by Zendesk")
    func anonymousOnJWTApp() async throws {
        let (provider, simulator, recorder) = try ZendeskSupportFixture.provider(clock: clock)
        let error = await #expect(throws: IdentityError.self) {
            try await provider.login(credential: Credential(fields: ["anonymous": ["name": "Guest"]]))
        }
        #expect(error?.code == .configurationInvalid && error?.vendorCode == "identity_type_mismatch")
        #expect(recorder.names == [.loginFailed])
        let vendor = await #expect(throws: IdentityError.self) { try await simulator.setIdentity(.anonymous(name: nil, email: nil)) }
        #expect(vendor?.code == .configurationInvalid)
        #expect(vendor?.message.contains("JWT") == true)
    }

    @Test("a JWT identity on an anonymous app is refused, by the adapter and by Zendesk")
    func jwtOnAnonymousApp() async throws {
        let (provider, simulator, _) = try ZendeskSupportFixture.provider(.anonymous, clock: clock)
        let error = await #expect(throws: IdentityError.self) {
            try await provider.login(credential: Credential(fields: ["user_token": "x"]))
        }
        #expect(error?.code == .configurationInvalid && error?.vendorCode == "identity_type_mismatch")
        let vendor = await #expect(throws: IdentityError.self) { try await simulator.setIdentity(.jwt(userToken: "x")) }
        #expect(vendor?.code == .configurationInvalid)
        #expect(vendor?.message.contains("anonymous") == true)
    }

    @Test("anonymous login: anonymous_user_created then login_succeeded; every login is a new anonymous user")
    func anonymousLogin() async throws {
        let (provider, simulator, recorder) = try ZendeskSupportFixture.provider(.anonymous, clock: clock)
        let session = try await provider.login(UserIdentity(email: "guest@example.com", name: "Guest"))
        #expect(session.user.isAnonymous && !session.user.isAuthenticated && session.user.name == "Guest")
        #expect(recorder.names == [.anonymousUserCreated, .loginSucceeded])
        _ = try await provider.login(UserIdentity())
        #expect(await simulator.userCount() == 2)
        let bad = await #expect(throws: IdentityError.self) {
            try await provider.login(credential: Credential(fields: ["anonymous": ["email": "bad"]]))
        }
        #expect(bad?.code == .invalidEmail)
    }

    @Test("an expired user token: Zendesk gets 401 and the login fails with token_expired")
    func expiredLogin() async throws {
        let (provider, _, recorder) = try ZendeskSupportFixture.provider(clock: clock)
        let credential = try ZendeskSupportFixture.issuer(clock: clock).issue(for: ZendeskSupportFixture.ann)
        clock.advance(by: 601)
        let error = await #expect(throws: IdentityError.self) { try await provider.login(credential: credential) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "jwt_endpoint_401")
        #expect(recorder.names == [.authenticationFailed, .loginFailed])
        #expect(await provider.currentUser() == nil)
    }

    @Test("the simulator rejects a JWT signed with the wrong secret and a reused jti (an adapter bug would show)")
    func simulatorChecksTheJWT() async throws {
        let simulator = ZendeskSupportSimulator(auth: .jwt, sharedSecret: ZendeskSupportFixture.secret, clock: clock)
        let wrong = HS256Signer(secret: ZendeskSupportFixture.otherSecret).sign(claims: [
            "jti": "1", "iat": 1, "name": "A", "email": "a@example.com",
        ])
        simulator.registerJWTEndpoint { _, _ in TokenExchangeEndpoint.Response(status: 200, body: ["jwt": .string(wrong)]) }
        let error = await #expect(throws: IdentityError.self) { try await simulator.setIdentity(.jwt(userToken: "t")) }
        #expect(error?.code == .tokenInvalid)
        let fixed = HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: [
            "jti": "same", "iat": 1, "name": "A", "email": "a@example.com",
        ])
        simulator.registerJWTEndpoint { _, _ in TokenExchangeEndpoint.Response(status: 200, body: ["jwt": .string(fixed)]) }
        _ = try await simulator.setIdentity(.jwt(userToken: "t"))
        let replay = await #expect(throws: IdentityError.self) { try await simulator.setIdentity(.jwt(userToken: "t")) }
        #expect(replay?.vendorCode == "jti_reused")
        let noName = HS256Signer(secret: ZendeskSupportFixture.secret).sign(claims: ["jti": "n", "iat": 1, "email": "a@example.com"])
        simulator.registerJWTEndpoint { _, _ in TokenExchangeEndpoint.Response(status: 200, body: ["jwt": .string(noName)]) }
        #expect((await #expect(throws: IdentityError.self) { try await simulator.setIdentity(.jwt(userToken: "t")) })?.code == .invalidName)
    }

    @Test("messages: the first creates a request, later ones comment; logout clears the user")
    func messagesAndLogout() async throws {
        let (provider, simulator, recorder) = try ZendeskSupportFixture.provider(clock: clock)
        let notLoggedIn = await #expect(throws: IdentityError.self) { try await provider.sendMessage("hi") }
        #expect(notLoggedIn?.code == .notLoggedIn)
        let session = try await provider.login(ZendeskSupportFixture.ann)
        try await provider.sendMessage("hello")
        try await provider.sendMessage("anyone?")
        #expect(await simulator.visibleConversationCount() == 1)
        try await provider.logout()
        #expect(recorder.names == [.loginSucceeded, .conversationStarted, .messageAdded, .loggedOut])
        #expect(recorder.events.last?.payload == .user(loggedOut(session.user)))
        #expect(await provider.currentUser() == nil)
        #expect(await simulator.visibleConversationCount() == 0)
    }

    @Test("capabilities follow the admin setting")
    func capabilities() throws {
        #expect(try ZendeskSupportFixture.provider(clock: clock).0.capabilities.contains(.tokenExchange))
        #expect(try ZendeskSupportFixture.provider(.anonymous, clock: clock).0.capabilities.contains(.anonymousUsers))
        #expect(!(try ZendeskSupportFixture.provider(.anonymous, clock: clock).0.capabilities.contains(.jwt)))
    }
}
