public import IdentityBridgeModel
public import ZendeskMessagingSession
import ZendeskSDK

extension MessagingBridge {
    /// The app's lines: initializes the SDK, builds the provider over the bridge, and logs the user in
    /// with the credentials `source` hands (a `CredentialClient`'s source, or the app's own closure).
    @MainActor
    public static func logIn(channelKey: String, credentials source: @escaping CredentialSource) async throws -> ZendeskMessagingProvider {
        try await withCheckedThrowingContinuation { done in
            Zendesk.initialize(withChannelKey: channelKey, messagingFactory: DefaultMessagingFactory()) { result in
                done.resume(with: result.map { _ in })
            }
        }
        let messaging = ZendeskMessagingProvider(port: MessagingBridge())
        // loginUser(with:) now; a fresh JWT from `source` on every expiredJWT.
        try await messaging.login(credentialSource: source)
        return messaging
    }
}
