import IdentityBridge
import Synchronization
public import ZendeskMessagingAdapter

extension ZendeskMessagingSimulator {
    /// The user whose conversations the next operation touches; `expiredJWT` once the session's
    /// `exp` has passed (the server's answer), creating an anonymous user when `create` is set.
    func activeUser(create: Bool, state: inout State) -> Result<String?, ZendeskMessagingSDKError> {
        switch state.session {
        case .authenticated(let id, let exp?) where clock.unixSeconds() >= exp:
            state.session = .expired(id)
            state.pushSubscribed = false
            return .failure(Self.expired)
        case .expired:
            return .failure(Self.expired)
        case .authenticated(let id, _), .anonymous(let id):
            return .success(id)
        case .none:
            guard create else { return .success(nil) }
            let id = state.makeID("user")
            state.users[id] = UserRecord(id: id)
            state.session = .anonymous(id)
            return .success(id)
        }
    }

    static var expired: ZendeskMessagingSDKError {
        ZendeskMessagingSDKError(
            code: ZendeskMessagingVendorCode.expiredJWT, message: ZendeskMessagingVendorCode.expiredJWTMessage,
            httpStatus: 401, field: "exp")
    }

    /// Runs `body` for the active user; failures are also reported on the event channel.
    func withActiveUser<T: Sendable>(create: Bool, _ body: (String?, inout State) -> T) throws(ZendeskMessagingSDKError) -> T {
        let result: Result<T, ZendeskMessagingSDKError> = state.withLock { state in
            activeUser(create: create, state: &state).map { body($0, &state) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            notify([.authenticationFailed(error)])
            throw error
        }
    }

    /// The current user's conversations.
    public func conversations() async throws(ZendeskMessagingSDKError) -> [ZendeskMessagingConversation] {
        try withActiveUser(create: false) { id, state in
            guard let id else { return [] }
            let visible = state.staleConversationIds + (state.users[id]?.conversationIds ?? [])
            return visible.compactMap { state.conversations[$0] }
        }
    }

    /// The single conversation (single mode) or a new one (multi mode).
    public func startConversation() async throws(ZendeskMessagingSDKError) -> ZendeskMessagingConversation {
        try withActiveUser(create: true) { id, state in
            let userId = id ?? ""
            if conversationMode == .single, let existing = state.users[userId]?.conversationIds.first,
                let conversation = state.conversations[existing]
            {
                return conversation
            }
            return newConversation(for: userId, state: &state)
        }
    }

    private func newConversation(for userId: String, state: inout State) -> ZendeskMessagingConversation {
        let conversation = ZendeskMessagingConversation(id: state.makeID("conversation"), messages: [])
        state.conversations[conversation.id] = conversation
        state.users[userId]?.conversationIds.append(conversation.id)
        return conversation
    }

    /// Sends `text` as the current user (creating an anonymous user and a conversation if needed).
    public func sendMessage(_ text: String, conversationId: String?) async throws(ZendeskMessagingSDKError)
        -> ZendeskMessagingMessageReceipt
    {
        let outcome: Result<ZendeskMessagingMessageReceipt, ZendeskMessagingSDKError> = try withActiveUser(create: true) { id, state in
            let userId = id ?? ""
            let owned = state.users[userId]?.conversationIds ?? []
            let target: String
            if let conversationId {
                guard owned.contains(conversationId) else {
                    return .failure(
                        ZendeskMessagingSDKError(
                            code: ZendeskMessagingVendorCode.conversationNotFound,
                            message: "No conversation \(conversationId) for this user.", httpStatus: 404))
                }
                target = conversationId
            } else if let latest = owned.last {
                target = latest
            } else {
                target = newConversation(for: userId, state: &state).id
            }
            let started = state.conversations[target]?.messages.isEmpty ?? true
            state.conversations[target]?.messages.append(.init(author: "user", text: text))
            return .success(ZendeskMessagingMessageReceipt(conversationId: target, startedConversation: started))
        }
        return try outcome.get()
    }
}
