public import HelpshiftSession
import HelpshiftX
public import IdentityBridgeModel

extension HelpshiftBridge {
    /// The app's lines: installs the SDK, builds the provider over the bridge (the bridge becomes the SDK's
    /// delegate), and logs the user in with the login dictionary `source` hands, again on every
    /// `refreshUserCredentials` / `userSessionExpired`.
    @MainActor
    public static func logIn(platformId: String, domain: String, credentials source: @escaping CredentialSource) async throws
        -> HelpshiftProvider
    {
        Helpshift.install(withPlatformId: platformId, domain: domain, config: nil)
        let helpshift = HelpshiftProvider(port: HelpshiftBridge())
        // Helpshift.loginUser(userDetails) with userId, userEmail, userName and userAuthToken from `source`.
        try await helpshift.login(credentialSource: source)
        return helpshift
    }
}
