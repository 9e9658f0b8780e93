public import IdentityBridge

/// A test double around a provider: every ``IdentityProvider`` requirement goes to `base` unless the
/// conforming type implements it itself, so a wrapper that fails, hides or records one operation
/// writes only that one.
public protocol ForwardingProvider: IdentityProvider {
    /// The provider every requirement the wrapper does not implement goes to.
    var base: any IdentityProvider { get }
}

extension ForwardingProvider {
    /// `base`'s reference.
    public var reference: ProviderReference { base.reference }
    /// `base`'s capabilities.
    public var capabilities: ProviderCapabilities { base.capabilities }
    /// `base`'s issuer.
    public var issuer: any CredentialIssuer { base.issuer }
    /// `base`'s event hub.
    public var eventHub: EventHub { base.eventHub }
    /// Logs `base` in.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession { try await base.login(user) }
    /// Logs `base` in with `credential`.
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        try await base.login(credential: credential)
    }
    /// Logs `base` out.
    public func logout() async throws(IdentityError) { try await base.logout() }
    /// Resets `base`'s identity.
    public func resetIdentity() async throws(IdentityError) { try await base.resetIdentity() }
    /// `base`'s current user.
    public func currentUser() async -> ProviderUser? { await base.currentUser() }
    /// Sends `text` through `base`.
    public func sendMessage(_ text: String) async throws(IdentityError) { try await base.sendMessage(text) }
    /// Brings `base` to the foreground.
    public func enterForeground() async throws(IdentityError) { try await base.enterForeground() }
    /// Hands a vendor event to `base`.
    public func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent] {
        try await base.handleVendorEvent(name: name, data: data)
    }
    /// Sets an option on `base`.
    public func setOption(_ key: String, to value: JSONValue) async throws(IdentityError) { try await base.setOption(key, to: value) }
}
