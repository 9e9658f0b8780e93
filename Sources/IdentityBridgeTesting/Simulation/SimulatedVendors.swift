public import IdentityBridge
public import Logging
import Synchronization

/// A set of vendor simulators sharing one clock: build a `ProviderContext` from it and every
/// provider built with that context talks to its own simulator.
///
/// ```swift
/// let clock = ManualClock(unixSeconds: 1_767_225_600)
/// let vendors = SimulatedVendors(clock: clock)
/// let provider = try configuration.makeProvider(app: "demo", provider: "helpshift", context: vendors.context())
/// let simulator = vendors.simulator(app: "demo", provider: "helpshift")
/// ```
public final class SimulatedVendors: Sendable {
    /// The clock every simulator and provider reads.
    public let clock: any IdentityClock
    private let factories: [ProviderKind: any VendorSimulatorFactory]
    private let simulators = Mutex<[String: any VendorSimulator]>([:])

    /// Creates simulators on demand from `factories` (`IdentityBridgeSimulators` adds `init(clock:)`
    /// with the four built-in vendors).
    public init(clock: any IdentityClock, factories: [any VendorSimulatorFactory]) {
        self.clock = clock
        self.factories = Dictionary(factories.map { ($0.kind, $0) }, uniquingKeysWith: { _, last in last })
    }

    private static func key(app: String, provider: String) -> String { app + "\u{0}" + provider }

    /// The simulator for an instance, creating it on first use; `nil` for a kind with no factory.
    public func simulator(for instance: ProviderInstanceConfiguration) -> (any VendorSimulator)? {
        guard let factory = factories[instance.reference.kind] else { return nil }
        let key = Self.key(app: instance.app, provider: instance.reference.name)
        return simulators.withLock { simulators in
            if let existing = simulators[key] { return existing }
            let simulator = factory.makeSimulator(for: instance, clock: clock)
            simulators[key] = simulator
            return simulator
        }
    }

    /// The simulator already created for `provider` of `app`, if any.
    public func simulator(app: String, provider: String) -> (any VendorSimulator)? {
        simulators.withLock { $0[Self.key(app: app, provider: provider)] }
    }

    /// A provider context whose SDK ports are these simulators. The default logger drops every
    /// line: simulated vendors refuse on purpose (an expired token, a wrong secret), and a test run
    /// that passes prints no error-level line; pass a logger to see or check them.
    public func context(
        logger: Logger = Logger(label: "IdentityBridge.simulated") { _ in SwiftLogNoOpLogHandler() }
    ) -> ProviderContext {
        ProviderContext(clock: clock, logger: logger) { [self] instance in simulator(for: instance)?.port }
    }
}
