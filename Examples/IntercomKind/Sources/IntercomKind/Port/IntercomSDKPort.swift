public import IdentityBridge

/// An Intercom user as the Messenger reports it after a login.
public struct IntercomUser: Hashable, Sendable {
    /// Intercom's own id of the user.
    public var intercomId: String
    /// The `user_id` the user was logged in with.
    public var userId: String?
    /// The email the user was logged in with.
    public var email: String?

    /// Creates a user.
    public init(intercomId: String, userId: String?, email: String?) {
        self.intercomId = intercomId
        self.userId = userId
        self.email = email
    }

    /// The user in the provider-neutral shape.
    public var user: ProviderUser {
        ProviderUser(vendorUserId: intercomId, externalId: userId, email: email, isAnonymous: false, isAuthenticated: true)
    }
}

/// The calls the session provider makes on an Intercom Messenger SDK (iOS, Android or web), so a
/// bridge to the real SDK or a simulator can stand behind it.
///
/// The SDKs take the proof first (`Intercom.setUserHash(_:)` or `Intercom.setUserJwt(_:)`), then
/// `loginUser(with:)` with the user's attributes; the backend checks the proof at login.
public protocol IntercomSDKPort: Sendable {
    /// `Intercom.setUserHash(_:)`: the `user_hash` the next login sends.
    func setUserHash(_ userHash: String) async
    /// `Intercom.setUserJwt(_:)`: the JWT the next login sends.
    func setUserJwt(_ jwt: String) async
    /// `Intercom.loginUser(with:)`: the backend checks the proof set before and logs the user in, or refuses.
    func loginUser(userId: String?, email: String?) async -> Result<IntercomUser, IntercomLoginFailure>
    /// `Intercom.logout()`: forgets the user and the proof.
    func logout() async
    /// The logged-in user, `nil` when there is none.
    func currentUser() async -> IntercomUser?
}
