import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

/// Audit: configuration errors point at the line and column of the setting at fault.
@Suite("Zendesk Messaging audit: configuration error positions")
struct ZendeskMessagingConfigPositionAuditTests {
    func diagnostics(_ providerYAML: String) -> [ConfigDiagnostic] {
        let yaml = TestConfiguration.demo(
            kind: "zendesk-messaging", "        signing_keys:\n          - key_id: app_1\n            secret: ${S1}\n" + providerYAML)
        return TestConfiguration.diagnostics { () throws(ConfigurationError) in
            try TestConfiguration.load(yaml: yaml, variables: ["S1": ZendeskMessagingFixture.secretA.revealed], file: "m.yaml")
        }
    }

    @Test("a token_lifetime not above the default expiry_warning_margin is reported at token_lifetime, the setting written")
    func defaultMarginReportedAtLifetime() throws {
        let found = diagnostics("        token_lifetime: 2m\n")
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.line == 8)
        #expect(diagnostic.column == 25)
        #expect(diagnostic.message.contains("token_lifetime"))
        #expect(diagnostic.message.contains("expiry_warning_margin"))
    }

    @Test("an explicit expiry_warning_margin not below token_lifetime is reported at expiry_warning_margin")
    func explicitMarginReportedAtMargin() throws {
        let found = diagnostics("        token_lifetime: 5m\n        expiry_warning_margin: 5m\n")
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.line == 9)
        #expect(diagnostic.column == 32)
        #expect(diagnostic.message.contains("expiry_warning_margin"))
    }
}
