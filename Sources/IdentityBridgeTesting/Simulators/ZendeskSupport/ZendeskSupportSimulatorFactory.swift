public import IdentityBridge
import ZendeskSupportAdapter

/// STUB (replaced by the adapter's issue): makes `zendesk-support` simulators.
public struct ZendeskSupportSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `zendesk-support` kind.
    public var kind: ProviderKind { .zendeskSupport }
    /// STUB.
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        fatalError("the zendesk-support simulator is not implemented yet")
    }
}
