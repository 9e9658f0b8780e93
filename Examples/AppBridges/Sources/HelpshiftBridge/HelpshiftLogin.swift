public import HelpshiftSession
import HelpshiftX
public import IdentityBridgeModel

extension HelpshiftBridge {
    /// The app's lines: installs the SDK, builds the provider over the bridge (the bridge becomes the SDK's
    /// delegate), and logs the user in with the credential `source` hands, again on every
    /// `refreshUserCredentials` / `userSessionExpired`: on the Identity System (`identitySystem`), with
    /// `loginWithIdentity` and the identities JWT; otherwise with `loginUser` and the login dictionary.
    @MainActor
    public static func logIn(
        platformId: String, domain: String, identitySystem: Bool = false, credentials source: @escaping CredentialSource
    ) async throws -> HelpshiftProvider {
        Helpshift.install(withPlatformId: platformId, domain: domain, config: nil)
        let helpshift = HelpshiftProvider(port: HelpshiftBridge(), identitySystem: identitySystem)
        // Helpshift.login(withIdentity:) with the identities JWT, or Helpshift.loginUser(userDetails), from `source`.
        try await helpshift.login(credentialSource: source)
        return helpshift
    }
}
