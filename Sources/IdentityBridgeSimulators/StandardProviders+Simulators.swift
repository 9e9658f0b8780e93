public import Foundation
public import IdentityBridge
public import IdentityBridgeStandard
public import IdentityBridgeTesting

extension StandardProviders {
    /// Simulator factories for the four built-in kinds.
    public static var simulatorFactories: [any VendorSimulatorFactory] {
        [HelpshiftSimulatorFactory(), ZendeskSupportSimulatorFactory(), ZendeskChatSimulatorFactory(), ZendeskMessagingSimulatorFactory()]
    }
}

extension SimulatedVendors {
    /// Simulators of the four built-in vendors, sharing `clock`.
    public convenience init(clock: any IdentityClock) {
        self.init(clock: clock, factories: StandardProviders.simulatorFactories)
    }
}

extension ScenarioRunner {
    /// A runner whose providers talk to the four built-in simulators.
    public init(configuration: IdentityConfiguration) {
        self.init(configuration: configuration, simulators: StandardProviders.simulatorFactories)
    }
}

extension ConformanceSubject {
    /// Builds `provider` of `app` against fresh simulators of the four built-in vendors (see
    /// `ConformanceSubject.simulated(configuration:app:provider:simulators:start:)`).
    public static func simulated(
        configuration: IdentityConfiguration, app: String, provider: String, start: Date = defaultStart
    ) throws(IdentityError) -> ConformanceSubject {
        try simulated(
            configuration: configuration, app: app, provider: provider, simulators: StandardProviders.simulatorFactories, start: start)
    }
}

extension ScenarioFileRunner {
    /// Runs one scenario file with the built-in kinds and simulators (see
    /// `ScenarioFileRunner.run(scenario:config:providers:environment:registry:simulators:output:diagnostics:)`).
    public static func run(
        scenario path: String, config configPath: String, providers: [String] = [], environment: ConfigEnvironment = .process,
        output: (String) -> Void = { print($0) },
        diagnostics: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) async -> Int32 {
        await run(
            scenario: path, config: configPath, providers: providers, environment: environment, registry: StandardProviders.registry,
            simulators: StandardProviders.simulatorFactories, output: output, diagnostics: diagnostics)
    }
}
