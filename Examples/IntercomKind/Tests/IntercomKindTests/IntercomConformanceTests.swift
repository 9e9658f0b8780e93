import IdentityBridge
import IdentityBridgeTesting
import IntercomKind
import IntercomSimulator
import Testing

/// The public conformance kit and scenario runner against the kind and its independent simulator.
@Suite struct IntercomConformanceTests {
    func conformance(provider: String, expired: ExpiredCredentialSource) -> ProviderConformance {
        ProviderConformance(
            expiredCredential: expired,
            subject: {
                try ConformanceSubject.simulated(
                    configuration: try Fixtures.configuration(), app: "demo", provider: provider, simulators: [IntercomSimulatorFactory()])
            })
    }

    @Test func userHashModeConforms() async throws {
        let report = await conformance(provider: "intercom", expired: .notApplicable("a user_hash does not expire")).run()
        #expect(report.isConforming, "\(report)")
        #expect(
            report.passed.contains(.badCredential) && report.passed.contains(.missingIdentifier) && report.passed.contains(.noSecretLeaks))
    }

    @Test func jwtModeConforms() async throws {
        let report = await conformance(provider: "intercom-jwt", expired: .afterExpiry()).run()
        #expect(report.isConforming, "\(report)")
        #expect(report.passed.contains(.expiredCredential) && report.passed.contains(.badCredential))
    }

    @Test(arguments: ["user-hash.yaml", "jwt.yaml"])
    func scenarioFilesPass(_ file: String) async {
        var lines: [String] = []
        var problems: [String] = []
        let status = await ScenarioFileRunner.run(
            scenario: Fixtures.directory + "/scenarios/" + file, config: Fixtures.config, environment: Fixtures.environment,
            registry: Fixtures.registry, simulators: [IntercomSimulatorFactory()], output: { lines.append($0) },
            diagnostics: { problems.append($0) })
        #expect(status == 0, "\(problems) \(lines.joined(separator: "\n"))")
        #expect(lines.last?.contains("\"failed\":0") == true, "\(lines.last ?? "")")
    }
}
