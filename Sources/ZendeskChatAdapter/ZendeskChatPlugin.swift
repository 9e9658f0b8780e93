public import IdentityBridge

extension ProviderKind {
    /// The `zendesk-chat` kind.
    public static let zendeskChat: ProviderKind = "zendesk-chat"
}

/// STUB (replaced by the adapter's issue): the `zendesk-chat` plugin.
public struct ZendeskChatPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `zendesk-chat` kind.
    public var kind: ProviderKind { .zendeskChat }
    /// STUB.
    public func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)? {
        reader.error("the zendesk-chat adapter is not implemented yet")
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
