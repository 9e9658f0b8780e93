public import IdentityBridge

extension ProviderKind {
    /// The `zendesk-messaging` kind.
    public static let zendeskMessaging: ProviderKind = "zendesk-messaging"
}

/// STUB (replaced by the adapter's issue): the `zendesk-messaging` plugin.
public struct ZendeskMessagingPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `zendesk-messaging` kind.
    public var kind: ProviderKind { .zendeskMessaging }
    /// STUB.
    public func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)? {
        reader.error("the zendesk-messaging adapter is not implemented yet")
        return nil
    }
    /// STUB.
    public func makeIssuer(_ instance: ProviderInstanceConfiguration, clock: any IdentityClock) throws(IdentityError) -> any CredentialIssuer {
        throw .unsupported("makeIssuer", provider: instance.reference)
    }
    /// STUB.
    public func makeProvider(_ instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError) -> any IdentityProvider {
        throw .unsupported("makeProvider", provider: instance.reference)
    }
}
