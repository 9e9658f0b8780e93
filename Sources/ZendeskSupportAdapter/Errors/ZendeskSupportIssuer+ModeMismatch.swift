package import IdentityBridge

extension ZendeskSupportIssuer {
    /// The error for an identity type the admin setting does not allow (`ZendeskSupportAuthMode.identityError(wanting:provider:)`).
    package func modeMismatch(wanted: ZendeskSupportAuthMode) -> IdentityError { auth.identityError(wanting: wanted, provider: provider) }
}
