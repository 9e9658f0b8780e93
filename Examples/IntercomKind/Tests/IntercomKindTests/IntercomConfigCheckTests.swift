import IdentityBridge
import IdentityConfigGenerator
import IntercomConfigDemo
import Testing

/// The checker of this package (`identity-config-checker`, IntercomConfigPlugin's tool) against IdentityBridge's
/// own: the same `IdentityConfigCommandLine`, with and without the kind `intercom`.
@Suite struct IntercomConfigCheckTests {
    /// IntercomConfigDemo's identity.yaml, which the build plugin checked.
    let demo = Fixtures.packageRoot + "/Sources/IntercomConfigDemo/identity.yaml"

    @Test func theBuildPluginGeneratedTheDemoTargetsInstanceNames() {
        #expect(
            intercomConfigDemoInstances == [
                ProviderInstanceID(app: "support", provider: "intercom"), ProviderInstanceID(app: "support", provider: "zendesk-chat"),
            ])
    }

    @Test func theStandardCheckerRefusesTheKindThisPackagesCheckerAccepts() throws {
        guard case .failure(let error) = IdentityConfigCommandLine.check(path: demo) else {
            Issue.record("IdentityBridge's checker accepted the kind intercom")
            return
        }
        let found = error.diagnostics.map(\.description)
        #expect(found.count == 1 && found[0].hasPrefix("\(demo):7:15: error: unknown provider kind 'intercom'"), "\(found)")

        let checked = try IdentityConfigCommandLine.check(path: demo, registry: Fixtures.registry).get()
        #expect(checked.configuration.apps.first?.providers.map(\.reference.kind.rawValue) == ["intercom", "zendesk-chat"])
    }

    @Test func thisPackagesCheckerNamesABrokenIntercomSettingAtItsLineAndColumn() {
        let broken = Fixtures.directory + "/broken-identity.yaml"
        guard case .failure(let error) = IdentityConfigCommandLine.check(path: broken, registry: Fixtures.registry) else {
            Issue.record("a 2d jwt_lifetime passed")
            return
        }
        let found = error.diagnostics.map(\.description)
        #expect(found.count == 1 && found[0].hasPrefix("\(broken):10:23: error:") && found[0].contains("2d"), "\(found)")
    }
}
