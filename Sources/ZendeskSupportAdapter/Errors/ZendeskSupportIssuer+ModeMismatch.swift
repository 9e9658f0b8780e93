package import IdentityBridge

extension ZendeskSupportIssuer {
    /// The error for an identity type the admin setting does not allow (`ZendeskSupportAuthMode.mismatch(wanted:provider:)`).
    package func modeMismatch(wanted: ZendeskSupportAuthMode) -> IdentityError { auth.mismatch(wanted: wanted, provider: provider) }
}
