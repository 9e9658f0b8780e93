public import IdentityBridgeModel

extension ProviderKind {
    /// The `zendesk-messaging` kind.
    public static let zendeskMessaging: ProviderKind = "zendesk-messaging"
}
