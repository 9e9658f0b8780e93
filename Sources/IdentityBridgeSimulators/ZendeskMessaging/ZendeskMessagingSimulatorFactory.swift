public import IdentityBridge
public import IdentityBridgeTesting
import ZendeskMessagingAdapter

/// Makes `zendesk-messaging` simulators, one per configured instance, with the instance's signing
/// keys (the admin center's keys) and conversation mode.
public struct ZendeskMessagingSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `zendesk-messaging` kind.
    public var kind: ProviderKind { .zendeskMessaging }
    /// A fresh simulator for `instance` (no keys when the instance is not a Messaging one).
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        guard let settings = instance.settings as? ZendeskMessagingSettings else {
            return ZendeskMessagingSimulator(signingKeys: [:], conversationMode: .single, clock: clock)
        }
        var keys: [String: Secret] = [:]
        for key in settings.signingKeys { keys[key.keyID] = key.secret }
        return ZendeskMessagingSimulator(signingKeys: keys, conversationMode: settings.conversationMode, clock: clock)
    }
}
