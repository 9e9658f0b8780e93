import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging authentication expiration")
struct ZendeskMessagingExpiryTests {
    @Test(
        "'When the token expires, the server will return an expiredJWT error': authentication_failed (token_expired), access lost, relogin restores"
    )
    func expiryThenRelogin() async throws {
        let session = try Session()
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        try await session.provider.sendMessage("before expiry")
        session.clock.advance(by: 3_600)
        _ = session.recorder.drain()

        let error = await identityError { try await session.provider.sendMessage("after expiry") }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "expiredJWT")
        #expect(error?.message == "The JWT has expired")
        #expect(session.names == [.authenticationFailed, .credentialsRefreshRequested])
        #expect(session.recorder.events.first?.error?.code == .tokenExpired)
        #expect(session.recorder.events.last?.payload == .fields(["reason": "expired", "vendor_code": "expiredJWT"]))

        // "the user will lose their access ... The conversation content will not be visible."
        #expect(await session.simulator.visibleConversationCount() == 0)
        #expect(await session.provider.currentUser()?.isAuthenticated == false)
        #expect(await identityError { _ = try await session.provider.conversations() }?.code == .tokenExpired)
        // "If the now unauthenticated user attempts to start a conversation, they will be directed to the conversation screen with an error."
        #expect(await identityError { _ = try await session.provider.startConversation() }?.code == .tokenExpired)
        // The adapter never renews by itself.
        #expect(!session.names.contains(.loginSucceeded))

        // "a new JWT should be generated and a call made to loginUser"
        _ = session.recorder.drain()
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        #expect(session.names == [.loginSucceeded])
        let conversations = try await session.provider.conversations()
        #expect(conversations.flatMap(\.messages).map(\.text) == ["before expiry"])
        #expect(session.simulator.isSubscribedToPush)
    }

    @Test("the expiry takes effect exactly at exp (one second earlier the session still works)")
    func expiryBoundary() async throws {
        let session = try Session(lifetime: 600, margin: 60)
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        session.clock.advance(by: 599)
        try await session.provider.sendMessage("still valid")
        session.clock.advance(by: 1)
        #expect(await identityError { try await session.provider.sendMessage("expired") }?.code == .tokenExpired)
    }

    @Test("logged in through its credential source, expiredJWT asks it for a fresh JWT, logs in and retries the operation once")
    func credentialSourceRenews() async throws {
        let session = try Session()
        let source = Self.source(session, first: nil)
        _ = try await session.provider.login(credentialSource: source.next)
        #expect(source.calls.value == 1)
        session.clock.advance(by: 4_000)
        _ = session.recorder.drain()
        try await session.provider.sendMessage("sent after renewal")
        #expect(session.names == [.authenticationFailed, .credentialsRefreshRequested, .loginSucceeded, .conversationStarted])
        #expect(source.calls.value == 2)
        #expect(Self.refreshReasons(session) == ["expired"])
        #expect(
            await session.provider.currentSessionExpiresAt
                == Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start + 4_000 + 3_600)))
        #expect(await session.simulator.visibleConversationCount() == 1)
    }

    @Test("a failing credential source leaves the session expired and throws the original token_expired")
    func credentialSourceFails() async throws {
        let session = try Session()
        let source = Self.source(session, first: nil, failingAfter: 1)
        _ = try await session.provider.login(credentialSource: source.next)
        session.clock.advance(by: 3_600)
        let error = await identityError { try await session.provider.sendMessage("x") }
        #expect(error?.code == .tokenExpired)
        #expect(!session.names.dropFirst().contains(.loginSucceeded))
        #expect(source.calls.value == 2)
    }

    @Test("'verify that the JWT is not close to expiration' before login: checkExpiry and a warning event")
    func closeToExpiryWarning() async throws {
        let session = try Session(margin: 300)
        let soon = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader,
            claims: ZendeskMessagingFixture.claims("E", exp: ZendeskMessagingFixture.start + 200))
        let later = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader,
            claims: ZendeskMessagingFixture.claims("E", exp: ZendeskMessagingFixture.start + 3_000))
        let never = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims("E", exp: nil))
        let past = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims("E", exp: ZendeskMessagingFixture.start - 1))
        #expect(await session.provider.checkExpiry(of: soon) == .expiresSoon(secondsLeft: 200))
        #expect(await session.provider.checkExpiry(of: later) == .valid(secondsLeft: 3_000))
        #expect(await session.provider.checkExpiry(of: never) == .noExpiry)
        #expect(await session.provider.checkExpiry(of: past) == .expired)
        if case .unreadable(let error) = await session.provider.checkExpiry(of: "x") {
            #expect(error.code == .tokenMalformed)
        } else {
            Issue.record("not unreadable")
        }
        #expect(ZendeskMessagingExpiryCheck.expiresSoon(secondsLeft: 1).needsWarning)
        #expect(!ZendeskMessagingExpiryCheck.valid(secondsLeft: 1_000).needsWarning)

        _ = try await session.provider.login(credential: .jwt(later))
        #expect(session.names == [.loginSucceeded])
        _ = session.recorder.drain()
        let result = try await session.provider.login(credential: .jwt(soon))
        #expect(session.names == [.credentialsRefreshRequested, .loginSucceeded])
        #expect(session.recorder.events.first?.payload == .fields(["reason": "expires_soon", "seconds_left": 200, "margin": 300]))
        #expect(result.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start + 200)))
    }

    @Test("an already expired JWT without a token source: the SDK refuses it, then credentials_refresh_requested")
    func expiredJWTAtLogin() async throws {
        let session = try Session()
        let past = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims("E", exp: ZendeskMessagingFixture.start - 10)
        )
        let error = await identityError { _ = try await session.provider.login(credential: .jwt(past)) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.message == "The JWT has expired")
        #expect(session.names == [.authenticationFailed, .fellBackToAnonymous, .credentialsRefreshRequested, .loginFailed])
        #expect(
            session.recorder.events.first { $0.name == .credentialsRefreshRequested }?.payload
                == .fields(["reason": "expired", "vendor_code": "expiredJWT"]))
    }

    @Test("an already expired JWT from the credential source: the source's next JWT is used and login succeeds")
    func expiredJWTAtLoginWithSource() async throws {
        let session = try Session()
        let past = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims("E", exp: ZendeskMessagingFixture.start - 10)
        )
        let source = Self.source(session, first: past)
        let result = try await session.provider.login(credentialSource: source.next)
        #expect(result.user.externalId == "E")
        #expect(session.names == [.credentialsRefreshRequested, .loginSucceeded])
        #expect(Self.refreshReasons(session) == ["expired"])
        #expect(source.calls.value == 2)
    }

    @Test("a JWT close to expiry from the credential source: the source's fresher JWT is used for login")
    func closeToExpiryUsesCredentialSource() async throws {
        let session = try Session(margin: 300)
        let soon = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader,
            claims: ZendeskMessagingFixture.claims("E", exp: ZendeskMessagingFixture.start + 100))
        let source = Self.source(session, first: soon)
        let result = try await session.provider.login(credentialSource: source.next)
        #expect(result.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start + 3_600)))
        #expect(Self.refreshReasons(session) == ["expires_soon"])
    }

    /// A credential source for user `E` that hands the JWT `first` (when given) on its first call and
    /// a JWT the session's issuer mints on every other; it throws `network_error` from call
    /// `failingAfter + 1` on; `calls` counts its calls.
    static func source(_ session: Session, first: String?, failingAfter: Int = .max)
        -> (next: CredentialSource, calls: Locked<Int>)
    {
        let issuer = session.provider.issuer
        let calls = Locked(0)
        let next: CredentialSource = { () throws(IdentityError) -> Credential in
            var call = 0
            calls.mutate {
                $0 += 1
                call = $0
            }
            if call > failingAfter { throw IdentityError(.networkError, message: "backend down") }
            if call == 1, let first { return .jwt(first) }
            return try issuer.issue(for: UserIdentity(userId: "E"))
        }
        return (next, calls)
    }

    /// The `reason` of each `credentials_refresh_requested` the session recorded.
    static func refreshReasons(_ session: Session) -> [String] {
        session.recorder.events.filter { $0.name == .credentialsRefreshRequested }.compactMap {
            if case .fields(let fields) = $0.payload { return fields["reason"]?.stringValue }
            return nil
        }
    }
}
