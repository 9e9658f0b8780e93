public import IdentityBridge

extension ProviderKind {
    /// The `helpshift` kind.
    public static let helpshift: ProviderKind = "helpshift"
}

/// STUB (replaced by the adapter's issue): the `helpshift` plugin.
public struct HelpshiftPlugin: ProviderPlugin {
    /// Creates the plugin.
    public init() {}
    /// The `helpshift` kind.
    public var kind: ProviderKind { .helpshift }
    /// STUB.
    public func parseSettings(_ reader: SettingsReader) -> (any ProviderSettings)? {
        reader.error("the helpshift adapter is not implemented yet")
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
