import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

@Suite("Helpshift unread message count (helpshift-events.txt)")
struct UnreadCountTests {
    typealias F = HelpshiftFixture

    @Test("\"For an active issue, the reset timeout is 1 minute\": within it the count comes from cache")
    func activeWindow() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("question")
        await h.simulator.agentReplies("answer")
        let first = try await h.provider.requestUnreadMessageCount(fromServer: true)
        #expect(first == .init(count: 1, isFromCache: false))
        await h.simulator.agentReplies("more")
        h.clock.advance(by: 59)
        #expect(try await h.provider.requestUnreadMessageCount(fromServer: true) == .init(count: 1, isFromCache: true))
        h.clock.advance(by: 1)
        #expect(try await h.provider.requestUnreadMessageCount(fromServer: true) == .init(count: 2, isFromCache: false))
        #expect(await h.simulator.serverUnreadRequests == 2)
        #expect(h.recorder.names.last == .unreadCountReceived)
    }

    @Test("\"5 minutes for inactive issues\"")
    func inactiveWindow() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("question")
        await h.simulator.resolveConversation()
        _ = try await h.provider.requestUnreadMessageCount(fromServer: true)
        h.clock.advance(by: 299)
        #expect(try await h.provider.requestUnreadMessageCount(fromServer: true).isFromCache)
        h.clock.advance(by: 1)
        #expect(try await h.provider.requestUnreadMessageCount(fromServer: true).isFromCache == false)
        #expect(await h.simulator.serverUnreadRequests == 2)
    }

    @Test("\"or when the user just closes the chat screen (whichever is earlier)\"")
    func closingResetsWindow() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("question")
        _ = try await h.provider.requestUnreadMessageCount(fromServer: true)
        await h.simulator.closeChatScreen()
        #expect(h.recorder.events.suffix(2).first?.payload == .widget(visible: false))
        #expect(try await h.provider.requestUnreadMessageCount(fromServer: true).isFromCache == false)
    }

    @Test("\"SDK returns the count of unread messages available locally\": local requests never hit the server")
    func localOnly() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.sendMessage("question")
        await h.simulator.agentReplies("answer")
        for _ in 0..<3 {
            #expect(try await h.provider.requestUnreadMessageCount(fromServer: false) == .init(count: 0, isFromCache: true))
        }
        #expect(await h.simulator.serverUnreadRequests == 0)
        _ = try await h.provider.requestUnreadMessageCount(fromServer: true)
        #expect(try await h.provider.requestUnreadMessageCount(fromServer: false) == .init(count: 1, isFromCache: true))
        #expect(await h.simulator.serverUnreadRequests == 1)
    }
}
