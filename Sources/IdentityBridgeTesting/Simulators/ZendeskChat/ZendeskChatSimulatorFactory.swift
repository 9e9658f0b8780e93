public import IdentityBridge
import ZendeskChatAdapter

/// STUB (replaced by the adapter's issue): makes `zendesk-chat` simulators.
public struct ZendeskChatSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `zendesk-chat` kind.
    public var kind: ProviderKind { .zendeskChat }
    /// STUB.
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        fatalError("the zendesk-chat simulator is not implemented yet")
    }
}
