import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

/// "Impossible to misconfigure silently": JWT-only settings on an anonymous Support app are errors,
/// each reported at the offending key.
@Suite("zendesk-support anonymous apps refuse JWT-only settings")
struct ZendeskSupportAnonymousSettingsTests {
    func load(_ body: String) throws(ConfigurationError) -> IdentityConfiguration {
        try TestConfiguration.load(
            yaml: TestConfiguration.demo(kind: "zendesk-support", "        auth: anonymous\n" + body), variables: ["ZD_SECRET": "s"],
            file: "t.yaml")
    }

    @Test("secret, user_token_secret and user_token_lifetime with auth: anonymous are each an error at their line")
    func jwtOnlyKeysRefused() throws {
        let error = try #require(
            #expect(throws: ConfigurationError.self) {
                try load("        secret: ${ZD_SECRET}\n        user_token_secret: ${ZD_SECRET}\n        user_token_lifetime: 5m\n")
            })
        #expect(error.diagnostics.map(\.line) == [6, 7, 8])
        #expect(error.diagnostics.allSatisfy { $0.message.contains("has no effect with 'auth: anonymous'") })
    }

    @Test("a secret of an anonymous app is refused even when its variable is unset (no misleading 'variable not set')")
    func unsetVariableStillNamesTheMismatch() throws {
        let error = try #require(#expect(throws: ConfigurationError.self) { try load("        secret: ${UNSET_VARIABLE}\n") })
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics.first?.message.contains("'secret' has no effect") == true)
    }

    @Test("an anonymous app with no JWT settings loads")
    func plainAnonymousLoads() throws {
        let settings = try #require(try load("").instance(app: "demo", provider: "zendesk-support").settings as? ZendeskSupportSettings)
        #expect(settings.auth == .anonymous && settings.secret == nil)
    }
}
