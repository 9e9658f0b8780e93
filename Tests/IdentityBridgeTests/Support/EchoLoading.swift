import Foundation
import IdentityBridge
import IdentityBridgeTestSupport

/// Loads YAML with only the echo plugin registered and a fixed environment.
func loadEcho(
    _ yaml: String, variables: [String: String] = ["ECHO_SECRET": "echo-secret-value-0123456789abcdef"],
    files: [String: String] = [:], file: String = "app.yaml"
) throws(ConfigurationError) -> IdentityConfiguration {
    let environment = ConfigEnvironment(variables: variables) { path in
        guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return contents
    }
    return try TestConfiguration.load(
        yaml: yaml, registry: ProviderRegistry([SettingsEchoPlugin()]), environment: environment, file: file, baseDirectory: "/etc/identity"
    )
}

/// The diagnostics of a YAML text that must fail to load.
func diagnostics(
    _ yaml: String, variables: [String: String] = ["ECHO_SECRET": "echo-secret-value-0123456789abcdef"],
    files: [String: String] = [:]
) -> [ConfigDiagnostic] {
    TestConfiguration.diagnostics { () throws(ConfigurationError) in try loadEcho(yaml, variables: variables, files: files) }
}

/// `LINE:COLUMN` of every diagnostic, for compact position assertions.
func positions(_ diagnostics: [ConfigDiagnostic]) -> [String] { diagnostics.map { "\($0.line):\($0.column)" } }
