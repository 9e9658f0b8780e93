import IdentityBridgeClient
import SupportBridge
import Testing
import ZendeskCoreSDK
import ZendeskSupportSession

@Suite(.serialized) @MainActor struct SupportBridgeTests {
    @Test func theProviderSetsTheJWTIdentity() async throws {
        let support = try await SupportBridge.logIn(
            appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com",
            credentials: { Credential(fields: ["user_token": "ut-42"]) })
        #expect(Zendesk.instance?.standIn.identities.last?.standInToken == "ut-42")
        #expect(Zendesk.instance?.identity?.standInToken == "ut-42")
        let user = try #require(await support.currentUser())
        #expect(user.isAuthenticated)
        #expect(!user.isAnonymous)
    }

    @Test func aTokenTheJWTEndpointRefusesIsTokenInvalid() async throws {
        Zendesk.initialize(appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com")
        Zendesk.instance?.standIn.refusedTokens.insert("ut-unknown")
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        let error = await #expect(throws: IdentityError.self) {
            try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-unknown"]) })
        }
        #expect(error?.code == .tokenInvalid)
        #expect(Zendesk.instance?.standIn.identities.last?.standInToken == "ut-unknown")
        #expect(await support.currentUser() == nil)
    }

    /// The SDK posts `DispatcherNotifications.UnauthorizedNotificationName` on an HTTP 401 to any request:
    /// the provider reports it as the uniform `authentication_failed` (`token_invalid`, vendor code
    /// `ZDKUnauthorized`); after logout the notification reaches no one.
    @Test func theUnauthorizedNotificationIsTheUniformEvent() async throws {
        let support = try await SupportBridge.logIn(
            appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com",
            credentials: { Credential(fields: ["user_token": "ut-43"]) })
        var events = support.eventHub.stream().makeAsyncIterator()
        Zendesk.instance?.standInRespondUnauthorized()
        let event = try #require(await events.next())
        #expect(event.name == .authenticationFailed)
        guard case .failure(let error) = event.payload else {
            Issue.record("authentication_failed carries no error: \(event.payload)")
            return
        }
        #expect(error.code == .tokenInvalid)
        #expect(error.vendorCode == "ZDKUnauthorized")
        try await support.logout()
        var after = support.eventHub.stream().makeAsyncIterator()
        Zendesk.instance?.standInRespondUnauthorized()
        try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-44"]) })
        #expect(await after.next()?.name != .authenticationFailed)
    }
}
