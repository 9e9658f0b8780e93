public import IdentityBridge

/// The identity the app sets on the Support SDK (`Zendesk.instance?.setIdentity(_:)`).
public enum ZendeskSupportIdentity: Hashable, Sendable {
    /// `Identity.createAnonymous(name:email:)`; both optional.
    case anonymous(name: String?, email: String?)
    /// `Identity.createJwt(token:)` with our opaque user token.
    case jwt(userToken: String)
}

/// What the adapter needs from the Support SDK and Zendesk's backend. The adapter knows only
/// this protocol; the simulator (tests) or a real SDK bridge implements it.
public protocol ZendeskSupportSDKPort: AnyObject, Sendable {
    /// Tells Zendesk where the customer's JWT endpoint is: Zendesk calls `endpoint` with the
    /// form body and content type it would POST, and reads the answer.
    func registerJWTEndpoint(
        _ endpoint: @escaping @Sendable (_ formBody: String, _ contentType: String) async -> TokenExchangeEndpoint.Response)
    /// Sets the identity; Zendesk refuses an identity type that does not match its admin setting,
    /// and a JWT identity whose token its JWT endpoint does not exchange for a valid JWT.
    func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser
    /// Forgets the identity (the SDK's user is gone).
    func clearIdentity() async
    /// Sends a message: the first creates a request (ticket), later ones comment on it. `true` when a request was created.
    func sendMessage(_ text: String) async throws(IdentityError) -> Bool
    /// The user Zendesk associates with the current identity.
    func currentUser() async -> ProviderUser?
}
