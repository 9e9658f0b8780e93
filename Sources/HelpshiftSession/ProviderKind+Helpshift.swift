public import IdentityBridgeModel

extension ProviderKind {
    /// The `helpshift` kind.
    public static let helpshift: ProviderKind = "helpshift"
}
