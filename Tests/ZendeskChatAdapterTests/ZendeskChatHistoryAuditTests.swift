import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

/// Audit: "Unlike the Zendesk Chat Web Widget, authenticating your users in the SDK won't enable
/// them to see their Chat history", while "the visitor can be viewed as the same person ... when
/// the custom ID is specified".
@Suite("Zendesk Chat audit: no chat history for authenticated visitors")
struct ZendeskChatHistoryAuditTests {
    @Test("the same external_id on a new visitor sees no previous chats, yet counts as the same person")
    func noHistory() async throws {
        let clock = ManualClock(unixSeconds: ZendeskChatFixture.start)
        let (provider, simulator, _) = try ZendeskChatFixture.provider(clock: clock)
        _ = try await provider.login(ZendeskChatFixture.ann)
        try await provider.sendMessage("first chat")
        #expect(await simulator.visibleConversationCount() == 1)
        try await provider.resetIdentity()
        let session = try await provider.login(ZendeskChatFixture.ann)
        #expect(session.user.isAuthenticated)
        #expect(session.user.externalId == ZendeskChatFixture.ann.userId)
        #expect(await simulator.visibleConversationCount() == 0)
        // One authenticated person (user-123456); the reset visitor stays unauthenticated only until it authenticates.
        #expect(await simulator.userCount() == 1)
    }
}
