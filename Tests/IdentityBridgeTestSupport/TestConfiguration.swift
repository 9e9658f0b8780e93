public import IdentityBridge
import IdentityBridgeStandard

/// Loading configurations in tests: the one place that builds a ``ConfigurationLoader`` from a
/// registry (the built-in kinds by default), variables or an environment, and a YAML text or a path.
public enum TestConfiguration {
    /// The YAML of app `demo` with one provider of `kind`; `settings` are its lines (eight spaces in).
    public static func demo(kind: String, _ settings: String) -> String {
        "apps:\n  demo:\n    providers:\n      - kind: \(kind)\n" + settings
    }

    /// Loads `yaml` with `registry` (the built-in kinds by default) and `environment`, or with only `variables` set.
    public static func load(
        yaml: String, registry: ProviderRegistry? = nil, variables: [String: String] = [:], environment: ConfigEnvironment? = nil,
        file: String = "test.yaml", baseDirectory: String = "."
    ) throws(ConfigurationError) -> IdentityConfiguration {
        try loader(registry, variables: variables, environment: environment).load(yaml: yaml, file: file, baseDirectory: baseDirectory)
    }

    /// Loads the file at `path` with `registry` (the built-in kinds by default) and `environment`, or with only `variables` set.
    public static func load(
        path: String, registry: ProviderRegistry? = nil, variables: [String: String] = [:], environment: ConfigEnvironment? = nil
    ) throws(ConfigurationError) -> IdentityConfiguration {
        try loader(registry, variables: variables, environment: environment).load(path: path)
    }

    /// The diagnostics of a load that must fail (none when it succeeds).
    public static func diagnostics(_ load: () throws(ConfigurationError) -> IdentityConfiguration) -> [ConfigDiagnostic] {
        do {
            _ = try load()
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The diagnostics of a load that must fail, as `FILE:LINE:COLUMN: message` lines.
    public static func descriptions(_ load: () throws(ConfigurationError) -> IdentityConfiguration) -> [String] {
        diagnostics(load).map(\.description)
    }

    /// A loader with `registry` (the built-in kinds by default) and `environment`, or with only `variables` set.
    public static func loader(
        _ registry: ProviderRegistry? = nil, variables: [String: String] = [:], environment: ConfigEnvironment? = nil
    ) -> ConfigurationLoader {
        ConfigurationLoader(
            registry: registry ?? StandardProviders.registry, environment: environment ?? ConfigEnvironment(variables: variables))
    }
}
