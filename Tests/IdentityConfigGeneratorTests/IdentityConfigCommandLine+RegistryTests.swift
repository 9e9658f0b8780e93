import Foundation
import IdentityBridge
import IdentityConfigGenerator
import Synchronization
import Testing

/// A kind no built-in registry knows, for the tool's `registry:` (a third-party package's own checker).
private struct ExtraKindPlugin: ProviderPlugin {
    struct Settings: ProviderSettings {
        var secret: Secret
    }

    var kind: ProviderKind { "extra-kind" }

    func parseSettings(_ reader: SettingsReader) -> Settings? { reader.secret("secret").map(Settings.init) }

    func makeIssuer(_ settings: Settings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer
    { throw .unsupported("makeIssuer", provider: instance.reference) }

    func makeProvider(_ settings: Settings, for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError)
        -> any IdentityProvider
    { throw .unsupported("makeProvider", provider: instance.reference) }
}

@Suite("The checker with a package's own kinds")
struct IdentityConfigCommandLineRegistryTests {
    func run(_ registry: ProviderRegistry?, _ arguments: [String]) -> (status: Int32, output: [String], errors: [String]) {
        let output = Mutex<[String]>([])
        let errors = Mutex<[String]>([])
        let write: @Sendable (String) -> Void = { line in output.withLock { $0.append(line) } }
        let fail: @Sendable (String) -> Void = { line in errors.withLock { $0.append(line) } }
        let commandLine =
            registry.map { IdentityConfigCommandLine(registry: $0, output: write, errors: fail) }
            ?? IdentityConfigCommandLine(output: write, errors: fail)
        let status = commandLine.run(arguments)
        return (status, output.withLock { $0 }, errors.withLock { $0 })
    }

    @Test("validate and generate know the kinds of the registry given, and only those")
    func registryKinds() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "extra-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appending(path: "identity.yaml").path
        try Data("apps:\n  demo:\n    providers:\n      - kind: extra-kind\n        secret: ${EXTRA_SECRET}\n".utf8)
            .write(to: URL(fileURLWithPath: config))

        let standard = run(nil, ["validate", config])
        #expect(standard.status == IdentityConfigCommandLine.failure)
        #expect(standard.errors.contains { $0.hasPrefix("\(config):4:15: error:") && $0.contains("extra-kind") }, "\(standard.errors)")

        var registry = ProviderRegistry()
        registry.register(ExtraKindPlugin())
        let extended = run(registry, ["validate", config])
        #expect(extended.status == 0, "\(extended.errors)")
        #expect(extended.output == ["\(config): ok: 1 app, 1 provider instance"])
        let source = try IdentityConfigCommandLine.check(path: config, registry: registry).get().source
        #expect(source.contains("extra-kind"))
    }
}
