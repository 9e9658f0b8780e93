public import IdentityBridgeModel

extension ProviderKind {
    /// The `zendesk-chat` kind.
    public static let zendeskChat: ProviderKind = "zendesk-chat"
}
