package import IdentityBridge
import Synchronization
package import ZendeskMessagingAdapter

extension ZendeskMessagingSimulator {
    /// Creates (or extends) a user who exists on the server already, e.g. from another device,
    /// with one conversation per entry of `conversations` (each a list of user messages).
    package func seedUser(externalId: String, name: String? = nil, conversations: [[String]]) {
        state.withLock { state in
            let id = state.userIdsByExternalId[externalId] ?? state.makeID("user")
            if state.users[id] == nil { state.users[id] = UserRecord(id: id, externalId: externalId, name: name) }
            state.userIdsByExternalId[externalId] = id
            for messages in conversations {
                let conversation = ZendeskMessagingConversation(
                    id: state.makeID("conversation"),
                    messages: messages.map { .init(author: "user", text: $0) })
                state.conversations[conversation.id] = conversation
                state.users[id]?.conversationIds.append(conversation.id)
            }
        }
    }

    /// An agent replies in the latest conversation of `externalId`. The reply is pushed only when
    /// that user is logged in, subscribed and not expired; a missed notification is never
    /// delivered later. Returns whether the notification was delivered.
    @discardableResult
    package func agentReply(toExternalId externalId: String, text: String) -> Bool {
        let now = clock.unixSeconds()
        return state.withLock { state in
            guard let id = state.userIdsByExternalId[externalId], state.users[id] != nil else { return false }
            if state.users[id]?.conversationIds.isEmpty ?? true {
                let conversation = ZendeskMessagingConversation(id: state.makeID("conversation"), messages: [])
                state.conversations[conversation.id] = conversation
                state.users[id]?.conversationIds.append(conversation.id)
            }
            guard let target = state.users[id]?.conversationIds.last else { return false }
            state.conversations[target]?.messages.append(.init(author: "agent", text: text))
            guard state.pushSubscribed, case .authenticated(let current, let exp) = state.session, current == id,
                exp.map({ now < $0 }) ?? true
            else { return false }
            state.notifications[id, default: []].append(text)
            return true
        }
    }

    /// The push notifications delivered to `externalId` so far.
    package func deliveredNotifications(externalId: String) -> [String] {
        state.withLock { state in state.userIdsByExternalId[externalId].flatMap { state.notifications[$0] } ?? [] }
    }

    /// Whether the current session is subscribed to push notifications.
    package var isSubscribedToPush: Bool { state.withLock { $0.pushSubscribed } }

    /// Every conversation stored for `externalId` (what the server holds, whoever is logged in).
    package func storedConversations(externalId: String) -> [ZendeskMessagingConversation] {
        state.withLock { state in
            guard let id = state.userIdsByExternalId[externalId] else { return [] }
            return (state.users[id]?.conversationIds ?? []).compactMap { state.conversations[$0] }
        }
    }

    /// Whether the server still holds the user with vendor id `userId`.
    package func hasUser(id userId: String) -> Bool { state.withLock { $0.users[userId] != nil } }

    /// How many conversations the server stores in total.
    package var storedConversationCount: Int { state.withLock { $0.conversations.count } }

    /// Replaces the account's signing keys (the admin center's key rotation).
    package func setSigningKeys(_ keys: [String: Secret]) { state.withLock { $0.keys = keys } }

    /// Removes one signing key from the account.
    package func removeSigningKey(id: String) { _ = state.withLock { $0.keys.removeValue(forKey: id) } }

    /// Reports an unread-count change on the event channel.
    package func reportUnreadCount(_ count: Int) { notify([.unreadMessageCountChanged(count)]) }
}
