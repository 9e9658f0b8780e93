public import IdentityBridge

/// `identityctl run`'s logic as a library call: parse the scenario, load the configuration, run,
/// write JSON lines; returns the exit status (0 every expectation held, 1 one failed, 2 the
/// scenario or the configuration is invalid, with `FILE:LINE:COLUMN: error:` lines).
///
/// ```swift
/// let status = await ScenarioFileRunner.run(scenario: "Scenarios/helpshift/logout.yaml", config: "config.example.yaml")
/// ```
public enum ScenarioFileRunner {
    /// Runs one scenario file.
    /// - Parameters:
    ///   - path: the scenario file (YAML).
    ///   - configPath: the configuration file the scenario runs against.
    ///   - providers: overrides the scenario's `provider:` (`--provider`); comma-separated names are split.
    ///   - environment: where secrets and `${VAR}` references of the configuration are resolved.
    ///   - registry: the plugins that validate the configuration's instances.
    ///   - simulators: the vendor simulators the providers talk to (see `IdentityBridgeSimulators`
    ///     for the four built-in vendors).
    ///   - output: receives each JSON line (standard output).
    ///   - diagnostics: receives each `FILE:LINE:COLUMN: error:` line (standard error).
    public static func run(
        scenario path: String, config configPath: String, providers: [String] = [],
        environment: ConfigEnvironment = .process,
        registry: ProviderRegistry,
        simulators: [any VendorSimulatorFactory],
        output: (String) -> Void = { print($0) },
        diagnostics: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) async -> Int32 {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser().parse(path: path)
        } catch {
            for diagnostic in error.diagnostics { diagnostics(diagnostic.description) }
            return 2
        }
        let configuration: IdentityConfiguration
        do {
            configuration = try ConfigurationLoader(registry: registry, environment: environment).load(path: configPath)
        } catch {
            for diagnostic in error.diagnostics { diagnostics(diagnostic.description) }
            return 2
        }
        let names = providers.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        do {
            let result = try await ScenarioRunner(configuration: configuration, simulators: simulators)
                .run(scenario, providers: names.isEmpty ? nil : names) { output($0.line) }
            return result.exitCode
        } catch {
            for diagnostic in error.diagnostics { diagnostics(diagnostic.description) }
            return 2
        }
    }
}
