public import IdentityBridgeModel
import Logging

extension ZendeskMessagingProvider {
    /// The conversations the current user can see.
    public func conversations() async throws(IdentityError) -> [ZendeskMessagingConversation] {
        try await withSession { port async throws(ZendeskMessagingSDKError) in try await port.conversations() }
    }

    /// Opens a conversation (the only one in single mode, a new one in multi mode).
    public func startConversation() async throws(IdentityError) -> ZendeskMessagingConversation {
        try await withSession { port async throws(ZendeskMessagingSDKError) in try await port.startConversation() }
    }

    /// Sends `text` to `conversationId` (or the current conversation): `conversation_started`
    /// when it opened the conversation, `message_added` otherwise.
    @discardableResult
    public func sendMessage(_ text: String, conversationId: String?) async throws(IdentityError) -> ZendeskMessagingMessageReceipt {
        let receipt = try await withSession { port async throws(ZendeskMessagingSDKError) in
            try await port.sendMessage(text, conversationId: conversationId)
        }
        emit(receipt.startedConversation ? .conversationStarted : .messageAdded, .message(.init(type: "text", body: text)))
        return receipt
    }

    /// Sends `text` to the current conversation.
    public func sendMessage(_ text: String) async throws(IdentityError) {
        try await sendMessage(text, conversationId: nil)
    }

    /// Maps a raw SDK event (`authenticationFailed`, `unreadMessageCountChanged`, others passed
    /// through) and emits the uniform events.
    public func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent] {
        let events = try ZendeskMessagingEventMapper.map(name: name, data: data, provider: reference, timestamp: clock.now())
        for event in events { eventHub.emit(event) }
        return events
    }

    /// Runs an SDK operation; on `expiredJWT` with a token source set, logs in with a fresh JWT
    /// and retries once. The `authentication_failed` and `credentials_refresh_requested` events
    /// come from the SDK's event channel.
    func withSession<T: Sendable>(
        _ operation: (any ZendeskMessagingSDKPort) async throws(ZendeskMessagingSDKError) -> T
    ) async throws(IdentityError) -> T {
        let failure: IdentityError
        do throws(ZendeskMessagingSDKError) {
            return try await operation(port)
        } catch {
            failure = error.identityError(provider: reference)
        }
        guard failure.code == .tokenExpired, let freshJWT else { throw failure }
        sessionExpiresAt = nil
        let fresh: String
        do throws(IdentityError) {
            fresh = try await CredentialSourceCall.afterRefusal(freshJWT)
        } catch {
            logger.warning(
                "The Zendesk Messaging credential source failed; the session stays expired", metadata: ["code": "\(error.code.rawValue)"])
            throw failure
        }
        _ = try await login(credential: .jwt(fresh))
        do throws(ZendeskMessagingSDKError) {
            return try await operation(port)
        } catch {
            throw error.identityError(provider: reference)
        }
    }
}
