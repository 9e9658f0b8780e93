import IdentityBridge
import IdentityBridgeTesting

/// The built-in kinds against Scenarios/config.yaml (found via #filePath, no resources needed).
enum StandardFixture {
    /// The repository root.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The scenario folder.
    static let scenarios = root.appendingPathComponent("Scenarios")
    /// The configuration the scenarios and the conformance suites run against.
    static let configPath = scenarios.appendingPathComponent("config.yaml").path

    /// The development secrets of config.yaml (what the environment defaults resolve to).
    static let secrets = [
        "dev-helpshift-secret-0123456789abcdef", "dev-zendesk-support-secret-0123456789",
        "dev-zendesk-chat-account-key", "dev-zendesk-chat-secret-0123456789abcdef",
        "dev-zendesk-messaging-secret-0123456789",
    ]

    /// The four built-in kinds.
    static let kinds: [ProviderKind] = StandardProviders.registry.kinds

    static func configuration() throws -> IdentityConfiguration {
        try ConfigurationLoader(registry: StandardProviders.registry, environment: ConfigEnvironment(variables: [:])).load(path: configPath)
    }

    /// The conformance suite for `kind` (instance `kind` of app `demo`), with the hooks its vendor needs.
    static func conformance(_ kind: ProviderKind) throws -> ProviderConformance {
        let configuration = try configuration()
        var conformance = ProviderConformance(secrets: secrets) {
            try ConformanceSubject.simulated(configuration: configuration, app: "demo", provider: kind.rawValue)
        }
        if kind == "helpshift" {
            // helpshift-users.txt: the userAuthToken is an HMAC digest of the identifiers; it carries no expiry.
            conformance.expiredCredential = .notApplicable("Helpshift's legacy userAuthToken digests do not expire (helpshift-users.txt)")
        }
        return conformance
    }
}
