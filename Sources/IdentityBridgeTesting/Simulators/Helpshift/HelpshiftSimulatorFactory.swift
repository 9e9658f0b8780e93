public import IdentityBridge
import HelpshiftAdapter

/// STUB (replaced by the adapter's issue): makes `helpshift` simulators.
public struct HelpshiftSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `helpshift` kind.
    public var kind: ProviderKind { .helpshift }
    /// STUB.
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        fatalError("the helpshift simulator is not implemented yet")
    }
}
