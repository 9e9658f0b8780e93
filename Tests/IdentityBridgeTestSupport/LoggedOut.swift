package import IdentityBridge

/// The user as a `logged_out` event carries them: the same user, no longer authenticated.
package func loggedOut(_ user: ProviderUser) -> ProviderUser {
    var user = user
    user.isAuthenticated = false
    return user
}
