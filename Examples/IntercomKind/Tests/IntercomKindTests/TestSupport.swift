import Foundation
import IdentityBridge
import IdentityBridgeStandard
import IntercomKind

/// The fixtures of these tests and the registry they load with: the standard kinds plus `intercom`.
enum Fixtures {
    /// `Tests/IntercomKindTests/Fixtures`, found from this file (tests run from any folder).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    /// The example package's root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// `Fixtures/config.yaml`.
    static let config = directory + "/config.yaml"

    /// The four standard kinds and `intercom`.
    static var registry: ProviderRegistry {
        var registry = StandardProviders.registry
        registry.register(IntercomPlugin())
        return registry
    }

    /// Development defaults only (no variable set), so the run never depends on the caller's environment.
    static let environment = ConfigEnvironment(variables: [:])

    /// `config.yaml`, loaded with ``registry``.
    static func configuration() throws -> IdentityConfiguration {
        try ConfigurationLoader(registry: registry, environment: environment).load(path: config)
    }
}
