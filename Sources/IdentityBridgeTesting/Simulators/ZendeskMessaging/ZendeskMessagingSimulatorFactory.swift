public import IdentityBridge
import ZendeskMessagingAdapter

/// STUB (replaced by the adapter's issue): makes `zendesk-messaging` simulators.
public struct ZendeskMessagingSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `zendesk-messaging` kind.
    public var kind: ProviderKind { .zendeskMessaging }
    /// STUB.
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        fatalError("the zendesk-messaging simulator is not implemented yet")
    }
}
