import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging loginUser")
struct ZendeskMessagingSessionTests {
    @Test("loginUser returns the user: login_succeeded, authenticated, push subscribed, session expiry from exp")
    func loginSucceeds() async throws {
        let session = try Session()
        let result = try await session.provider.login(UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
        #expect(result.user.externalId == "u-1")
        #expect(result.user.isAuthenticated && !result.user.isAnonymous)
        #expect(result.user.email == "ann@example.com")
        #expect(result.expiresAt == Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start + 3_600)))
        #expect(session.names == [.loginSucceeded])
        if case .user(let user)? = session.recorder.events.first?.payload {
            #expect(user == result.user)
        } else {
            Issue.record("no user payload")
        }
        #expect(session.simulator.isSubscribedToPush)
        #expect(await session.provider.currentUser() == result.user)
    }

    @Test("'If loginUser fails, the SDK falls back to an unauthenticated user': authentication_failed, then fell_back_to_anonymous")
    func failureFallsBack() async throws {
        let session = try Session()
        try await session.provider.sendMessage("hello, anonymously")
        let anonymous = try #require(await session.provider.currentUser())
        #expect(anonymous.isAnonymous)
        let forged = ZendeskMessagingFixture.forge(
            header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(), secret: ZendeskMessagingFixture.secretB)
        let error = await identityError { _ = try await session.provider.login(credential: .jwt(forged)) }
        #expect(error?.code == .tokenInvalid)
        #expect(error?.vendorCode == ZendeskMessagingVendorCode.invalidSignature)
        #expect(session.names == [.conversationStarted, .authenticationFailed, .fellBackToAnonymous, .loginFailed])
        #expect(session.recorder.events[1].error == error)
        #expect(session.recorder.events[2].payload == .user(anonymous))
        #expect(await session.provider.currentUser() == anonymous)
        #expect(await session.simulator.visibleConversationCount() == 1)
    }

    @Test("each vendor refusal maps to its uniform code and keeps the vendor code")
    func vendorCodesMap() async throws {
        var longId = ZendeskMessagingFixture.claims()
        longId["external_id"] = .string(String(repeating: "x", count: 256))
        var noScope = ZendeskMessagingFixture.claims()
        noScope["scope"] = nil
        var badName = ZendeskMessagingFixture.claims()
        badName["name"] = 5
        var rs256 = ZendeskMessagingFixture.goodHeader
        rs256["alg"] = "RS256"
        var unknownKid = ZendeskMessagingFixture.goodHeader
        unknownKid["kid"] = "app_gone"
        let cases: [(String, IdentityError.Code, String)] = [
            ("not.a.jwt", .tokenMalformed, ZendeskMessagingVendorCode.invalidJWT),
            (
                ZendeskMessagingFixture.forge(header: rs256, claims: ZendeskMessagingFixture.claims()), .algorithmNotAllowed,
                ZendeskMessagingVendorCode.unsupportedAlgorithm
            ),
            (
                ZendeskMessagingFixture.forge(header: unknownKid, claims: ZendeskMessagingFixture.claims()), .keyUnknown,
                ZendeskMessagingVendorCode.unknownSigningKey
            ),
            (
                ZendeskMessagingFixture.forge(
                    header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(),
                    secret: ZendeskMessagingFixture.secretOld), .tokenInvalid,
                ZendeskMessagingVendorCode.invalidSignature
            ),
            (
                ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: noScope), .claimMissing,
                ZendeskMessagingVendorCode.missingClaim
            ),
            (
                ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: badName), .claimInvalid,
                ZendeskMessagingVendorCode.invalidClaim
            ),
            (
                ZendeskMessagingFixture.forge(header: ZendeskMessagingFixture.goodHeader, claims: longId), .valueTooLong,
                ZendeskMessagingVendorCode.externalIdTooLong
            ),
            (
                ZendeskMessagingFixture.forge(
                    header: ZendeskMessagingFixture.goodHeader, claims: ZendeskMessagingFixture.claims(exp: ZendeskMessagingFixture.start)),
                .tokenExpired,
                ZendeskMessagingVendorCode.expiredJWT
            ),
        ]
        for (token, code, vendorCode) in cases {
            let session = try Session()
            let error = await identityError { _ = try await session.provider.login(credential: .jwt(token)) }
            #expect(error?.code == code, "\(vendorCode)")
            #expect(error?.vendorCode == vendorCode)
            #expect(error?.provider == ZendeskMessagingFixture.provider)
            #expect(Array(session.names.prefix(2)) == [.authenticationFailed, .fellBackToAnonymous])
            // Only an expiry asks for fresh credentials.
            #expect(session.names.dropFirst(2) == (code == .tokenExpired ? [.credentialsRefreshRequested, .loginFailed] : [.loginFailed]))
            #expect(await session.provider.currentUser() == nil)
        }
    }

    @Test("external_id is the primary identity even when an email is present: same email, different external_id, different users")
    func externalIdIsPrimary() async throws {
        let session = try Session()
        let first = try await session.provider.login(UserIdentity(userId: "E1", email: "shared@example.com"))
        let second = try await session.provider.login(UserIdentity(userId: "E2", email: "shared@example.com"))
        #expect(first.user.vendorUserId != second.user.vendorUserId)
        let again = try await session.provider.login(UserIdentity(userId: "E1", email: "changed@example.com"))
        #expect(again.user.vendorUserId == first.user.vendorUserId)
        #expect(again.user.email == "changed@example.com")
        #expect(await session.simulator.userCount() == 2)
    }

    @Test("unknown vendor failures: a bare HTTP 401 is token_invalid, anything else unknown_error")
    func unknownVendorFailures() {
        let provider = ZendeskMessagingFixture.provider
        #expect(
            ZendeskMessagingSDKError(code: "somethingNew", message: "?", httpStatus: 401).identityError(provider: provider).code
                == .tokenInvalid)
        #expect(ZendeskMessagingSDKError(code: "unauthorized", message: "401").identityError(provider: provider).code == .tokenInvalid)
        #expect(ZendeskMessagingSDKError(code: "networkError", message: "offline").identityError(provider: provider).code == .networkError)
        #expect(ZendeskMessagingSDKError(code: "boom", message: "?").identityError(provider: provider).code == .unknown)
    }

    @Test("a login that fails for a logged-in user ends that user's session: nothing of theirs stays visible")
    func failureAfterAuthenticatedUser() async throws {
        let session = try Session()
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        try await session.provider.sendMessage("E's message")
        let error = await identityError { _ = try await session.provider.login(credential: .jwt("garbage.token.here")) }
        #expect(error?.code == .tokenMalformed)
        #expect(await session.provider.currentUser() == nil)
        #expect(await session.simulator.visibleConversationCount() == 0)
        #expect(session.names.suffix(4) == [.loggedOut, .authenticationFailed, .fellBackToAnonymous, .loginFailed])
        #expect(session.recorder.events.first { $0.name == .fellBackToAnonymous }?.payload == IdentityEvent.Payload.none)
    }

    @Test("a credential without jwt is token_missing and never reaches the SDK")
    func missingJWT() async throws {
        let session = try Session()
        let error = await identityError { _ = try await session.provider.login(credential: Credential(fields: ["user_token": "x"])) }
        #expect(error?.code == .tokenMissing)
        #expect(session.names == [.loginFailed])
        #expect(await session.simulator.userCount() == 0)
    }

    @Test("issuing errors are thrown before any SDK call")
    func issuingErrors() async throws {
        let session = try Session()
        let error = await identityError { _ = try await session.provider.login(UserIdentity(email: "a@example.com")) }
        #expect(error?.code == .missingIdentifier)
        #expect(session.names == [.loginFailed])
    }

    @Test("key rotation at the vendor: a retained old key logs in; after the admin removes it, key_unknown")
    func simulatorRotation() async throws {
        let session = try Session(keys: [ZendeskMessagingFixture.keyA, ZendeskMessagingFixture.keyOld])
        let old = ZendeskMessagingFixture.forge(
            header: ["alg": "HS256", "typ": "JWT", "kid": "app_old"], claims: ZendeskMessagingFixture.claims(),
            secret: ZendeskMessagingFixture.secretOld)
        _ = try await session.provider.login(credential: .jwt(old))
        #expect(await session.provider.currentUser()?.isAuthenticated == true)
        session.simulator.removeSigningKey(id: "app_old")
        let error = await identityError { _ = try await session.provider.login(credential: .jwt(old)) }
        #expect(error?.code == .keyUnknown)
        _ = try await session.provider.login(UserIdentity(userId: "u-1"))
        #expect(await session.provider.currentUser()?.isAuthenticated == true)
    }

    @Test("resetIdentity and enterForeground are unsupported_operation; capabilities list what Messaging does")
    func unsupported() async throws {
        let session = try Session()
        #expect(await identityError { try await session.provider.resetIdentity() }?.code == .unsupportedOperation)
        #expect(await identityError { try await session.provider.enterForeground() }?.code == .unsupportedOperation)
        #expect(session.provider.capabilities == [.anonymousUsers, .jwt, .merges, .logout, .keyRotation, .conversations])
        #expect(!session.provider.capabilities.contains(.reset))
        #expect(session.provider.kind == .zendeskMessaging)
    }

    @Test("setOption expiry_warning_margin accepts seconds below token_lifetime; other keys are unsupported")
    func options() async throws {
        let session = try Session()
        try await session.provider.setOption("expiry_warning_margin", to: 60)
        #expect(await session.provider.expiryWarningMargin == 60)
        #expect(await identityError { try await session.provider.setOption("expiry_warning_margin", to: 3_600) }?.code == .invalidValueType)
        #expect(await identityError { try await session.provider.setOption("expiry_warning_margin", to: "5m") }?.code == .invalidValueType)
        #expect(
            await identityError { try await session.provider.setOption("conversation_mode", to: "multi") }?.code == .unsupportedOperation)
    }
}
