public import IdentityBridge

/// The provider instances of this target's identity.yaml, named by the constants IntercomConfigPlugin generated
/// once the package's checker accepted the file.
public let intercomConfigDemoInstances: [ProviderInstanceID] = [
    IdentityConfig.Apps.support.intercom, IdentityConfig.Apps.support.zendeskChat,
]
