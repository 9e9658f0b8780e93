public import IdentityBridgeModel
public import ZendeskMessagingSession
import ZendeskSDK
import ZendeskSDKMessaging

extension MessagingBridge {
    /// The app's lines: initializes the SDK, builds the provider over the bridge, and logs the user in
    /// with the credentials `source` hands (a `CredentialClient`'s source, or the app's own closure).
    @MainActor
    public static func logIn(channelKey: String, credentials source: @escaping CredentialSource) async throws -> ZendeskMessagingProvider {
        _ = try await Zendesk.initialize(withChannelKey: channelKey, messagingFactory: DefaultMessagingFactory())
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: channelKey))
        // loginUser(with:) now; the SDK's onInvalidAuth and every expiredJWT get a fresh JWT from `source`.
        try await messaging.login(credentialSource: source)
        return messaging
    }
}
