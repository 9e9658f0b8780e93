public import IdentityBridgeModel
import SupportProvidersSDK
import ZendeskCoreSDK
public import ZendeskSupportSession

extension SupportBridge {
    /// The app's lines: initializes the SDK, builds the provider over the bridge with the admin setting (JWT
    /// identities), and logs the user in with the user token `source` hands.
    @MainActor
    public static func logIn(appId: String, clientId: String, zendeskUrl: String, credentials source: @escaping CredentialSource)
        async throws -> ZendeskSupportProvider
    {
        Zendesk.initialize(appId: appId, clientId: clientId, zendeskUrl: zendeskUrl)
        Support.initialize(withZendesk: Zendesk.instance)
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        // Zendesk.instance?.setIdentity(Identity.createJwt(token:)) with the credential's user_token.
        try await support.login(credentialSource: source)
        return support
    }
}
