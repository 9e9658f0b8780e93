package import IdentityBridgeModel

/// The backend half as the Support session sees it (the adapter's `ZendeskSupportIssuer` adopts it in
/// `ZendeskSupportProvider+Backend.swift`): the issuer of ``ZendeskSupportProvider/login(_:)``, and Zendesk's
/// rules for an anonymous identity's name and email, applied before the SDK sees them so that a login and the
/// issuer give one verdict. An app's provider has none: the SDK gives its own verdict.
package protocol ZendeskSupportSessionBackend: CredentialIssuer {
    /// Throws the error naming the field of an anonymous identity Zendesk refuses.
    func checkAnonymousIdentity(name: String?, email: String?) throws(IdentityError)
}
