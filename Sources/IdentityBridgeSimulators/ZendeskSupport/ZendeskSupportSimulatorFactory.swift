public import IdentityBridge
public import IdentityBridgeTesting
import ZendeskSupportAdapter

/// Makes `zendesk-support` simulators whose admin setting and shared secret are the instance's.
public struct ZendeskSupportSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `zendesk-support` kind.
    public var kind: ProviderKind { .zendeskSupport }
    /// A fresh Zendesk Support backend for `instance` (anonymous with no secret when the
    /// settings are not Support settings).
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        let settings = instance.settings as? ZendeskSupportSettings
        return ZendeskSupportSimulator(auth: settings?.auth ?? .anonymous, sharedSecret: settings?.secret, clock: clock)
    }
}
