public import IdentityBridgeModel

extension ZendeskSupportAuthMode {
    /// The error for a `wanted` identity type this admin setting does not allow: the one verdict of the
    /// issuer, the session and the simulated Zendesk backend.
    public func identityError(wanting wanted: ZendeskSupportAuthMode, provider: ProviderReference?) -> IdentityError {
        IdentityError(
            .configurationInvalid, field: "auth", vendorCode: "identity_type_mismatch",
            message: "This app's Mobile SDK admin setting is \(rawValue) authentication, but a \(wanted.rawValue) identity was used.",
            recovery: self == .jwt
                ? "Use Identity.createJwt(token:) with a user token from this backend."
                : "Use Identity.createAnonymous(name:email:), or switch the admin setting and 'auth' to jwt.",
            provider: provider)
    }
}
