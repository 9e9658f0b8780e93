import Foundation
import IdentityBridgeClient
import MessagingBridge
import Testing
import ZendeskMessagingSession
import ZendeskSDK
import ZendeskSDKConversationKit

@Suite(.serialized) @MainActor struct MessagingBridgeTests {
    @Test func theProviderLogsInThroughLoginUser() async throws {
        let token = unsignedJWT(["external_id": "u-42", "name": "Ann", "scope": "user", "exp": now + 600])
        let messaging = try await MessagingBridge.logIn(channelKey: "channel-key", credentials: { .jwt(token) })
        #expect(Zendesk.instance?.standIn.loginCalls.last == token)
        #expect(Zendesk.instance?.getCurrentUser()?.authenticationType == .jwt)
        let user = try #require(await messaging.currentUser())
        #expect(user.externalId == "u-42")
        #expect(user.vendorUserId == "zd-u-42")
        #expect(user.isAuthenticated)
    }

    /// `ConversationKitError.expiredJWT` is recognised by its type (not its message): `token_expired`.
    @Test func anExpiredJWTIsTokenExpiredAndNoUserIsAuthenticated() async throws {
        _ = try await Zendesk.initialize(withChannelKey: "channel-key", messagingFactory: nil)
        let expired = unsignedJWT(["external_id": "u-43", "scope": "user", "exp": now - 60])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        let error = await #expect(throws: IdentityError.self) { try await messaging.login(credentialSource: { .jwt(expired) }) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "expiredJWT")
        #expect(Zendesk.instance?.standIn.loginCalls.last == expired)
        #expect(await messaging.currentUser()?.isAuthenticated != true)
    }

    /// The SDK's own refresh path: when its backend refuses the session, `Zendesk.authenticationDelegate`'s
    /// `onInvalidAuth(error:completion:)` is answered with a fresh JWT from the credential client (after a
    /// refusal the source never hands the refused JWT back), and the SDK logs in with it.
    @Test func onInvalidAuthIsAnsweredWithAFreshJWTFromTheCredentialSource() async throws {
        let service = MintingTransport(lifetime: 3_600)
        let client = client(service)
        let reference = ProviderReference(kind: "zendesk-messaging", name: "messaging")
        let messaging = try await MessagingBridge.logIn(
            channelKey: "channel-key", credentials: client.credentialSource(for: ann, from: reference))
        #expect(service.requests == 1)
        let first = try #require(Zendesk.instance?.standIn.loginCalls.last)
        var events = messaging.eventHub.stream().makeAsyncIterator()

        let answered = Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0
        Zendesk.instance?.standInRejectSession()
        let event = try #require(await events.next())
        #expect(event.name == .credentialsRefreshRequested)
        try #require(await settle { Zendesk.instance?.standIn.jwtsFromDelegate.count == answered + 1 })
        let renewed = try #require(Zendesk.instance?.standIn.jwtsFromDelegate.last)
        #expect(service.requests == 2)
        #expect(jti(renewed) != jti(first), "the delegate got back the JWT the SDK refused")
        #expect(Zendesk.instance?.standIn.loginCalls.last == renewed)
        #expect(await messaging.currentUser()?.externalId == "u-42")
    }

    /// The same, against a real `identity-server` on loopback: the SDK's `onInvalidAuth` receives a JWT the
    /// service minted after the refusal (a second request), signed with the configuration's Messaging key.
    @Test(.enabled(if: IdentityServerProcess.binary != nil, "set IDENTITY_SERVER_BIN (.ci/bridges.sh does)"))
    func onInvalidAuthReceivesAFreshJWTFromARealIdentityServer() async throws {
        let server = try IdentityServerProcess()
        defer { server.stop() }
        let transport = CountingTransport(URLSessionTransport())
        let client = CredentialClient(
            configuration: .init(baseURL: server.url, app: "demo", transport: transport),
            proof: { _ in .apiKey(IdentityServerProcess.demoAPIKey) })
        let reference = ProviderReference(kind: "zendesk-messaging")
        let messaging = try await MessagingBridge.logIn(
            channelKey: "channel-key", credentials: client.credentialSource(for: ann, from: reference))
        #expect(transport.requests == 1)
        let first = try #require(Zendesk.instance?.standIn.loginCalls.last)
        #expect(payload(of: first)?["external_id"] as? String == "u-42")

        let answered = Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0
        Zendesk.instance?.standInRejectSession()
        var waited = 0
        while (Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0) == answered, waited < 1_000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        let renewed = try #require(Zendesk.instance?.standIn.jwtsFromDelegate.last, "onInvalidAuth was not answered within 10 s")
        #expect(transport.requests == 2, "the delegate's JWT was minted after the refusal, not taken from the cache")
        #expect(payload(of: renewed)?["external_id"] as? String == "u-42")
        #expect(header(of: renewed)?["kid"] as? String == "app_dev_only_key_id_0123456789abcdef")
        #expect(Zendesk.instance?.standIn.loginCalls.last == renewed)
        #expect(await messaging.currentUser()?.isAuthenticated == true)
    }

    /// Logout: `logoutUser()`, then `Zendesk.invalidate(true)` deletes the SDK's stored data, and the SDK is
    /// initialized again for the next login; the delegate is answered by no one.
    @Test func logoutLogsOutAndClearsTheSDKsStorage() async throws {
        let token = unsignedJWT(["external_id": "u-44", "scope": "user"])
        let messaging = try await MessagingBridge.logIn(channelKey: "channel-key", credentials: { .jwt(token) })
        let before = Zendesk.instance
        try await messaging.logout()
        #expect(Zendesk.instance != nil, "initialized again")
        #expect(Zendesk.instance !== before, "the old instance was invalidated")
        #expect(Zendesk.instance?.getCurrentUser() == nil)
        #expect(await messaging.currentUser() == nil)
        let next = unsignedJWT(["external_id": "u-49", "scope": "user"])
        try await messaging.login(credentialSource: { .jwt(next) })
        #expect(await messaging.currentUser()?.externalId == "u-49")
    }
}

/// Polls `condition` on the main actor (yielding, never sleeping) up to 10,000 times.
@MainActor func settle(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
