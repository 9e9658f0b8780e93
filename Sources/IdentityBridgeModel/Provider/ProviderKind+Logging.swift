extension ProviderKind {
    /// The label of the logger a provider of this kind logs with by default: `IdentityBridge.<kind>`, e.g.
    /// `IdentityBridge.zendesk-chat` (one form for every vendor, so one filter catches them all).
    public var loggerLabel: String { "IdentityBridge.\(rawValue)" }
}
