import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting

/// Builds acme configurations, registries and conformance suites for tests.
enum AcmeFixture {
    static let secret = "acme-dev-secret-0123456789abcdef"

    static let yaml = """
        apps:
          test:
            providers:
              - kind: acme
                secret: ${ACME_SECRET:-\(secret)}
                token_lifetime: 10m
        """

    static func registry(_ flaws: AcmeFlaws = []) -> ProviderRegistry { ProviderRegistry([AcmePlugin(flaws: flaws)]) }

    static func configuration(_ flaws: AcmeFlaws = []) throws -> IdentityConfiguration {
        try TestConfiguration.load(yaml: yaml, registry: registry(flaws), file: "acme.yaml")
    }

    static func conformance(_ flaws: AcmeFlaws = []) throws -> ProviderConformance {
        let configuration = try configuration(flaws)
        return ProviderConformance(secrets: [secret]) {
            try ConformanceSubject.simulated(
                configuration: configuration, app: "test", provider: "acme",
                simulators: [AcmeSimulatorFactory()])
        }
    }

    static func runner(_ flaws: AcmeFlaws = []) throws -> ScenarioRunner {
        ScenarioRunner(configuration: try configuration(flaws), simulators: [AcmeSimulatorFactory()])
    }
}
