public import IdentityBridgeModel

/// The identity the app sets on the Support SDK (`Zendesk.instance?.setIdentity(_:)`).
public enum ZendeskSupportIdentity: Hashable, Sendable {
    /// `Identity.createAnonymous(name:email:)`; both optional.
    case anonymous(name: String?, email: String?)
    /// `Identity.createJwt(token:)` with our opaque user token.
    case jwt(userToken: String)
}

/// What the session needs from the Support SDK. The session knows only this protocol; a bridge to
/// the real SDK (in an app) or the simulator (in tests) implements it. Zendesk's call to the
/// customer's JWT endpoint is the backend's (`ZendeskSupportJWTEndpointHost`, in the adapter).
public protocol ZendeskSupportSDKPort: AnyObject, Sendable {
    /// Sets the identity; Zendesk refuses an identity type that does not match its admin setting,
    /// and a JWT identity whose token its JWT endpoint does not exchange for a valid JWT.
    func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser
    /// Forgets the identity (the SDK's user is gone).
    func clearIdentity() async
    /// Sends a message: the first creates a request (ticket), later ones comment on it. `true` when a request was created.
    func sendMessage(_ text: String) async throws(IdentityError) -> Bool
    /// The user Zendesk associates with the current identity.
    func currentUser() async -> ProviderUser?
    /// Hands the SDK's report that Zendesk refused the identity to `handler` (`nil`: to no one). The
    /// Support SDK posts `DispatcherNotifications.UnauthorizedNotificationName` whenever a request
    /// gets HTTP 401 (the JWT endpoint refused the user token, or the token expired); the provider
    /// makes it the uniform `authentication_failed` event. It sets the handler at each login and
    /// clears it at logout. A port whose SDK reports no such thing (the simulator) keeps the default,
    /// which ignores it.
    func observeUnauthorized(_ handler: (@Sendable () -> Void)?)
}

extension ZendeskSupportSDKPort {
    /// Ignores `handler`: the SDK behind this port reports no refusal of its own.
    public func observeUnauthorized(_ handler: (@Sendable () -> Void)?) {}
}
