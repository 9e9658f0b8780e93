import HelpshiftAdapter
import IdentityBridge
import Testing

/// "Impossible to misconfigure silently": an Identity System secret while the Identity System is off is an error.
extension SettingsTests {
    @Test("identity_secret with identity_system false (or absent) is reported at identity_secret")
    func identitySecretWithoutIdentitySystemRefused() {
        let explicit = problems(["identity_system: false", "identity_secret: ${HS_IDENTITY_SECRET}"])
        #expect(explicit.count == 1)
        #expect(explicit.first?.contains("'identity_secret' has no effect while 'identity_system' is false") == true)
        #expect(problems(["identity_secret: ${HS_IDENTITY_SECRET}"]).count == 1)
    }

    @Test("identity_secret with identity_system true still loads")
    func identitySecretWithIdentitySystemAccepted() {
        #expect(problems(["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"]).isEmpty)
    }
}
