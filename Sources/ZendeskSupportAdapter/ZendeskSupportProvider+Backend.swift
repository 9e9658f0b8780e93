public import IdentityBridge

extension ZendeskSupportProvider {
    /// Creates a provider on the backend side, whose `login(_:)` issues with `issuer` and which checks an
    /// anonymous identity's name and email with Zendesk's rules; registers its JWT endpoint with `port`
    /// (the simulated Zendesk). An app builds one with `init(reference:auth:port:clock:)` and no issuer.
    public init(issuer: ZendeskSupportIssuer, port: any ZendeskSupportSDKPort & ZendeskSupportJWTEndpointHost, clock: any IdentityClock) {
        let reference = issuer.provider
        self.init(
            reference: reference, auth: issuer.auth, port: port, issuer: issuer,
            checkAnonymousIdentity: { (name, email) throws(IdentityError) in
                if let name { try ZendeskSupportIdentityRules.checkName(name, provider: reference) }
                if let email { try ZendeskSupportIdentityRules.checkEmail(email, provider: reference) }
            }, clock: clock)
        let endpoint = TokenExchangeEndpoint(exchanger: issuer)
        port.registerJWTEndpoint { body, contentType in await endpoint.handle(formBody: body, contentType: contentType) }
    }
}
