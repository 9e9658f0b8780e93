import Foundation
import IdentityBridgeClient
import MessagingBridge
import Testing
import ZendeskMessagingSession
import ZendeskSDK

@Suite(.serialized) @MainActor struct MessagingBridgeTests {
    @Test func theProviderLogsInThroughLoginUser() async throws {
        let token = unsignedJWT(["external_id": "u-42", "name": "Ann", "scope": "user", "exp": now + 600])
        let messaging = try await MessagingBridge.logIn(channelKey: "channel-key", credentials: { .jwt(token) })
        #expect(Zendesk.instance?.standIn.loginCalls.last == token)
        #expect(Zendesk.instance?.standIn.user?.authenticationType == .jwt)
        let user = try #require(await messaging.currentUser())
        #expect(user.externalId == "u-42")
        #expect(user.vendorUserId == "zd-u-42")
        #expect(user.isAuthenticated)
    }

    @Test func anExpiredJWTIsTokenExpiredAndTheUserIsGone() async throws {
        let expired = unsignedJWT(["external_id": "u-43", "scope": "user", "exp": now - 60])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge())
        let error = await #expect(throws: IdentityError.self) { try await messaging.login(credentialSource: { .jwt(expired) }) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "expiredJWT")
        #expect(Zendesk.instance?.standIn.loginCalls.last == expired)
        #expect(await messaging.currentUser() == nil)
    }

    @Test func logoutReachesLogoutUser() async throws {
        let token = unsignedJWT(["external_id": "u-44", "scope": "user"])
        let messaging = try await MessagingBridge.logIn(channelKey: "channel-key", credentials: { .jwt(token) })
        let before = Zendesk.instance?.standIn.logoutCalls ?? -1
        try await messaging.logout()
        #expect(Zendesk.instance?.standIn.logoutCalls == before + 1)
        #expect(await messaging.currentUser() == nil)
    }
}
