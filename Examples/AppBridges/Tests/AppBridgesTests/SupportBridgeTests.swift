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
        #expect(Zendesk.instance?.standIn.identities.last?.token == "ut-42")
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
        #expect(Zendesk.instance?.standIn.identities.last?.token == "ut-unknown")
        #expect(await support.currentUser() == nil)
    }
}
