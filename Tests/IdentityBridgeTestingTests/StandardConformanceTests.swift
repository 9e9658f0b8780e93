import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// Each built-in adapter runs the conformance kit against its simulator. Parameterised over the
/// registry's kinds: a new kind is covered without new test code.
@Suite("Built-in providers pass ProviderConformance")
struct StandardConformanceTests {
    @Test("the kind passes every conformance check against its simulator", arguments: StandardFixture.kinds)
    func conforms(kind: ProviderKind) async throws {
        let report = try await StandardFixture.conformance(kind).run()
        for finding in report.findings { Issue.record("\(finding)") }
        #expect(report.provider?.kind == kind)
    }

    @Test("the configured variant passes every applicable conformance check", arguments: StandardFixture.variants)
    func variantConforms(name: String) async throws {
        let report = try await StandardFixture.variantConformance(name).run()
        for finding in report.findings { Issue.record("\(finding)") }
        #expect(report.provider?.name == name)
    }

    @Test("the kind has a simulator, and capabilities that name what it does", arguments: StandardFixture.kinds)
    func capabilities(kind: ProviderKind) async throws {
        let subject = try ConformanceSubject.simulated(configuration: StandardFixture.configuration(), app: "demo", provider: kind.rawValue)
        #expect(subject.simulator?.kind == kind)
        #expect(subject.provider.kind == kind)
        #expect(!subject.provider.capabilities.names.isEmpty)
        #expect(await subject.simulator?.userCount() == 0, "a fresh simulated vendor holds no users")
    }

    @Test("an issued credential is accepted by login(credential:) and verified by the issuer", arguments: StandardFixture.kinds)
    func credentialRoundTrip(kind: ProviderKind) async throws {
        let subject = try ConformanceSubject.simulated(configuration: StandardFixture.configuration(), app: "demo", provider: kind.rawValue)
        let ann = ConformanceUsers.standard.first
        let credential = try subject.provider.credential(for: ann)
        #expect(!credential.fields.isEmpty)
        for secret in StandardFixture.secrets {
            #expect(!credential.json.jsonString.contains(secret), "a credential never carries the secret")
        }
        let session = try await subject.provider.login(credential: credential)
        #expect(session.user.externalId == ann.userId)
    }
}
