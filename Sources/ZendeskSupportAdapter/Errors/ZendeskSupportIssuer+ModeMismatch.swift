public import IdentityBridge

extension ZendeskSupportIssuer {
    /// The error for an identity type the admin setting does not allow.
    public func modeMismatch(wanted: ZendeskSupportAuthMode) -> IdentityError {
        IdentityError(
            .configurationInvalid, field: "auth", vendorCode: "identity_type_mismatch",
            message: "This app's Mobile SDK admin setting is \(auth.rawValue) authentication, but a \(wanted.rawValue) identity was used.",
            recovery: auth == .jwt
                ? "Use Identity.createJwt(token:) with a user token from this backend."
                : "Use Identity.createAnonymous(name:email:), or switch the admin setting and 'auth' to jwt.",
            provider: provider)
    }
}
