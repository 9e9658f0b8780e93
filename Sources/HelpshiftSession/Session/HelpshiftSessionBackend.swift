package import IdentityBridgeModel

/// The backend half as the Helpshift session sees it (the adapter's `HelpshiftIssuer` adopts it in
/// `HelpshiftProvider+Backend.swift`): the issuer of ``HelpshiftProvider/login(_:)``, the identities JWT for
/// `addUserIdentities`, and the checks that say why the SDK refused a login, so that a login and the backend's
/// `verify` give one verdict. An app's provider has none.
package protocol HelpshiftSessionBackend: CredentialIssuer {
    /// An identities JWT for `identities` (Identity System), or the error naming the identity at fault.
    func identityToken(for identities: [HelpshiftIdentity], forLogin: Bool) throws(IdentityError) -> String
    /// Verifies an identities JWT as the backend does.
    func verifyIdentityToken(_ token: String) throws(IdentityError) -> VerifiedCredential
    /// The login dictionary's identifiers of `user`, or the error naming the one Helpshift refuses.
    func identifiers(of user: UserIdentity) throws(IdentityError) -> (userId: String?, email: String?)
}
