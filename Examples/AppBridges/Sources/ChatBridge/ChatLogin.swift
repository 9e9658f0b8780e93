public import IdentityBridgeModel
public import ZendeskChatSession

extension ChatBridge {
    /// The app's lines: builds the provider over the bridge with the Chat account key, and logs the user
    /// in with the credentials `source` hands (a `CredentialClient`'s source, or the app's own closure).
    public static func logIn(accountKey: String, appId: String? = nil, credentials source: @escaping CredentialSource) async throws
        -> ZendeskChatProvider
    {
        let chat = ZendeskChatProvider(accountKey: accountKey, port: ChatBridge(appId: appId))
        // Chat.initialize at the first connect, then setIdentity(authenticator:) with the JWT from `source`, and connect().
        try await chat.login(credentialSource: source)
        return chat
    }
}
