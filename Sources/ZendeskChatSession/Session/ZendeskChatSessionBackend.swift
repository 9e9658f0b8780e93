package import IdentityBridgeModel

/// The backend half as the Chat session sees it (the adapter's `ZendeskChatIssuer` adopts it in
/// `ZendeskChatProvider+Backend.swift`): the issuer that mints a JWT on every `getToken`, and how long those
/// JWTs live (the session's expiry for a login minted at connect time). An app's provider has none.
package protocol ZendeskChatSessionBackend: CredentialIssuer {
    /// How long the JWTs this issuer mints live, seconds.
    var tokenLifetime: Int64 { get }
}
