public import IdentityBridge
public import Logging

extension ZendeskSupportProvider {
    /// Creates a provider over `port` on the backend side, whose `login(_:)` issues with `issuer` and which
    /// checks an anonymous identity's name and email with Zendesk's rules; registers the issuer's JWT endpoint
    /// with `port` (the simulated Zendesk, which calls it as Zendesk calls the token service). An app builds one
    /// with `init(reference:auth:port:clock:logger:)` and no issuer.
    public init(
        issuer: ZendeskSupportIssuer, port: any ZendeskSupportSDKPort & ZendeskSupportJWTEndpointHost, clock: any IdentityClock,
        logger: Logger = Logger(label: ProviderKind.zendeskSupport.loggerLabel)
    ) {
        self.init(reference: issuer.provider, auth: issuer.auth, port: port, backend: issuer, clock: clock, logger: logger)
        let endpoint = TokenExchangeEndpoint(exchanger: issuer)
        port.registerJWTEndpoint { body, contentType in await endpoint.handle(formBody: body, contentType: contentType) }
    }

    /// The issuer this provider was built with on the backend; `nil` for an app's provider.
    public nonisolated var backendIssuer: ZendeskSupportIssuer? { issuer as? ZendeskSupportIssuer }
}

extension ZendeskSupportIssuer: ZendeskSupportSessionBackend {
    /// Zendesk's rules for an anonymous identity's name and email (``ZendeskSupportIdentityRules``).
    package func checkAnonymousIdentity(name: String?, email: String?) throws(IdentityError) {
        if let name { try ZendeskSupportIdentityRules.checkName(name, provider: provider) }
        if let email { try ZendeskSupportIdentityRules.checkEmail(email, provider: provider) }
    }
}
