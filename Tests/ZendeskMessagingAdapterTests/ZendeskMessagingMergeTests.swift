import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging authentication merges")
struct ZendeskMessagingMergeTests {
    @Test("single-conversation: 'their previous anonymous conversation has been combined with conversations from their logged-in account'")
    func singleModeMerge() async throws {
        let session = try Session(mode: .single)
        session.simulator.seedUser(externalId: "E", conversations: [["from my phone"]])
        try await session.provider.sendMessage("anonymous question")
        let anonymous = try #require(await session.provider.currentUser())
        _ = session.recorder.drain()

        let result = try await session.provider.login(UserIdentity(userId: "E"))
        #expect(session.names == [.usersMerged, .loginSucceeded])
        guard case .merge(let merge) = session.recorder.events[0].payload else {
            Issue.record("no merge payload")
            return
        }
        #expect(merge.from.vendorUserId == anonymous.vendorUserId)
        #expect(merge.from.isAnonymous)
        #expect(merge.into.externalId == "E")
        #expect(merge.into.vendorUserId == result.user.vendorUserId)
        #expect(merge.conversationsMoved == 1)

        let conversations = try await session.provider.conversations()
        #expect(conversations.count == 1)
        #expect(conversations[0].messages.map(\.text) == ["from my phone", "anonymous question"])
        #expect(!session.simulator.hasUser(id: anonymous.vendorUserId))
        #expect(await session.simulator.userCount() == 1)
    }

    @Test("multi-conversation: the anonymous conversations appear in the list with the account's conversations")
    func multiModeMerge() async throws {
        let session = try Session(mode: .multi)
        session.simulator.seedUser(externalId: "E", conversations: [["old 1"], ["old 2"]])
        let first = try await session.provider.startConversation()
        try await session.provider.sendMessage("anon 1", conversationId: first.id)
        let second = try await session.provider.startConversation()
        #expect(second.id != first.id)
        try await session.provider.sendMessage("anon 2", conversationId: second.id)
        _ = session.recorder.drain()

        _ = try await session.provider.login(UserIdentity(userId: "E"))
        #expect(session.names == [.usersMerged, .loginSucceeded])
        if case .merge(let merge) = session.recorder.events[0].payload {
            #expect(merge.conversationsMoved == 2)
        } else {
            Issue.record("no merge")
        }
        let texts = try await session.provider.conversations().map { $0.messages.map(\.text) }
        #expect(texts == [["old 1"], ["old 2"], ["anon 1"], ["anon 2"]])
        #expect(await session.simulator.visibleConversationCount() == 4)
    }

    @Test("single mode, existing user without a conversation: the anonymous conversation becomes theirs")
    func singleModeIntoEmptyUser() async throws {
        let session = try Session(mode: .single)
        session.simulator.seedUser(externalId: "E", conversations: [])
        try await session.provider.sendMessage("hi")
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        #expect(session.names.contains(.usersMerged))
        #expect(try await session.provider.conversations().map { $0.messages.map(\.text) } == [["hi"]])
    }

    @Test("a new external_id takes the anonymous user's conversation over: no merge")
    func newUserNoMerge() async throws {
        let session = try Session()
        try await session.provider.sendMessage("hi")
        let anonymous = try #require(await session.provider.currentUser())
        let result = try await session.provider.login(UserIdentity(userId: "new-user"))
        #expect(!session.names.contains(.usersMerged))
        #expect(result.user.vendorUserId == anonymous.vendorUserId)
        #expect(await session.simulator.visibleConversationCount() == 1)
    }

    @Test("an anonymous user without conversations is not merged into an existing user")
    func nothingToMerge() async throws {
        let session = try Session(mode: .multi)
        session.simulator.seedUser(externalId: "E", conversations: [["old"]])
        _ = try await session.provider.login(UserIdentity(userId: "E"))
        #expect(session.names == [.loginSucceeded])
        #expect(await session.simulator.visibleConversationCount() == 1)
    }
}
