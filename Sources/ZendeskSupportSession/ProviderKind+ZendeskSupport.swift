public import IdentityBridgeModel

extension ProviderKind {
    /// The `zendesk-support` kind.
    public static let zendeskSupport: ProviderKind = "zendesk-support"
}
