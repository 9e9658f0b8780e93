public import IdentityBridge

extension ProviderKind {
    /// The `zendesk-support` kind.
    public static let zendeskSupport: ProviderKind = "zendesk-support"
}

/// STUB (replaced by the adapter's issue): the `zendesk-support` plugin.
public struct ZendeskSupportPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `zendesk-support` kind.
    public var kind: ProviderKind { .zendeskSupport }
    /// STUB.
    public func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)? {
        reader.error("the zendesk-support adapter is not implemented yet")
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
