public import IdentityBridge

/// Every generated constant of this target's identity.yaml, reached through its escaped name.
public let trickyNames: [ProviderInstanceID] = [
    IdentityConfig.Apps.demo.zendeskChat, IdentityConfig.Apps.demo.helpShiftEU, IdentityConfig.Apps.myApp.default,
    IdentityConfig.Apps.myApp.self_, IdentityConfig.Apps._2fa.httpServerQuoted,
]
