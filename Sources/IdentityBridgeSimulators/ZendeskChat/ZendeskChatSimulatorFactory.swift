public import IdentityBridge
public import IdentityBridgeTesting
import ZendeskChatAdapter

/// Makes `zendesk-chat` simulators whose account key and shared secret are the instance's.
public struct ZendeskChatSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `zendesk-chat` kind.
    public var kind: ProviderKind { .zendeskChat }
    /// A fresh Chat backend for `instance` (empty keys when the settings are not Chat settings,
    /// so every authentication fails rather than crashing).
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        let settings = instance.settings as? ZendeskChatSettings
        return ZendeskChatSimulator(
            accountKey: settings?.accountKey ?? Secret(bytes: []), sharedSecret: settings?.secret ?? Secret(bytes: []), clock: clock)
    }
}
