public import IdentityBridge

/// Runs scenarios against simulated vendors: each provider gets fresh simulators and a
/// `ManualClock` set to the scenario's `start`.
///
/// ```swift
/// let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: "config.example.yaml") // IdentityBridgeStandard
/// let scenario = try ScenarioParser().parse(path: "Scenarios/zendesk-messaging/merge-on-login.yaml")
/// let result = try await ScenarioRunner(configuration: configuration).run(scenario) { print($0.line) }
/// exit(result.exitCode)
/// ```
public struct ScenarioRunner: Sendable {
    /// The configuration whose apps and providers scenarios name.
    public var configuration: IdentityConfiguration
    /// The simulators the providers talk to.
    public var simulators: [any VendorSimulatorFactory]
    /// The app-side credential client of `client_login` steps (default: ``ScenarioClient/inProcess``).
    public var client: ScenarioClient

    /// Creates a runner.
    public init(
        configuration: IdentityConfiguration, simulators: [any VendorSimulatorFactory], client: ScenarioClient = .inProcess
    ) {
        self.configuration = configuration
        self.simulators = simulators
        self.client = client
    }

    /// The provider names `scenario` runs on: `override` when given, else its `provider:`, else
    /// every provider of its app. Unknown app or provider names are diagnostics.
    public func providers(for scenario: Scenario, override: [String]? = nil) throws(ScenarioError) -> [String] {
        func fail(_ message: String, _ location: ScenarioLocation) -> ScenarioError {
            ScenarioError(diagnostics: [
                ConfigDiagnostic(file: scenario.file, line: location.line, column: location.column, message: message)
            ])
        }
        guard let app = configuration.app(scenario.app) else {
            throw fail(
                "app '\(scenario.app)' is not in \(configuration.file) (apps: \(configuration.apps.map(\.name).joined(separator: ", "))).",
                scenario.appLocation)
        }
        let known = app.providers.map(\.reference.name)
        let names = override.flatMap { $0.isEmpty ? nil : $0 } ?? scenario.providers ?? known
        let unknown = names.filter { !known.contains($0) }
        if !unknown.isEmpty {
            let source = override?.isEmpty == false ? "--provider" : "provider"
            throw fail(
                "\(source) '\(unknown.joined(separator: ", "))' is not a provider of app '\(app.name)' in \(configuration.file) (providers: \(known.joined(separator: ", "))).",
                scenario.providerLocation)
        }
        return names
    }

    /// Runs `scenario` on each of its providers (or `override`), calling `output` with every
    /// record as it is produced, the summary last.
    public func run(
        _ scenario: Scenario, providers override: [String]? = nil, output: (ScenarioRecord) -> Void = { _ in }
    ) async throws(ScenarioError) -> ScenarioResult {
        let names = try providers(for: scenario, override: override)
        var records: [ScenarioRecord] = []
        var passed = 0
        var failed = 0
        for name in names {
            let run = ScenarioExecution(scenario: scenario, providerName: name, runner: self)
            await run.execute { record in
                if case .expect(_, let ok, _, _) = record { if ok { passed += 1 } else { failed += 1 } }
                records.append(record)
                output(record)
            }
        }
        let summary = ScenarioRecord.summary(passed: passed, failed: failed)
        records.append(summary)
        output(summary)
        return ScenarioResult(records: records, passed: passed, failed: failed)
    }
}
