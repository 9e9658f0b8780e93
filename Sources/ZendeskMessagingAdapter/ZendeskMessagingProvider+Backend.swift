public import IdentityBridge
public import Logging

extension ZendeskMessagingProvider {
    /// Creates a provider over `port` on the backend side: `login(_:)` issues with `issuer`, and a JWT that
    /// breaks the issuer's freshness policy (`iat` skew, `max_token_lifetime`) is refused before `loginUser`
    /// exactly as `verify` refuses it. It starts observing the port's events at once. An app builds one with
    /// `init(reference:port:expiryWarningMargin:clock:logger:)` and no issuer.
    public init(
        issuer: ZendeskMessagingIssuer, port: any ZendeskMessagingSDKPort, clock: any IdentityClock,
        logger: Logger = Logger(label: ProviderKind.zendeskMessaging.loggerLabel)
    ) {
        self.init(
            reference: issuer.provider, port: port, backend: issuer, expiryWarningMargin: issuer.settings.expiryWarningMargin,
            maxExpiryWarningMargin: min(ZendeskMessagingLimits.maxExpiryWarningMargin, issuer.settings.tokenLifetime - 1),
            clock: clock, logger: logger)
    }

    /// The issuer this provider was built with on the backend; `nil` for an app's provider.
    public nonisolated var backendIssuer: ZendeskMessagingIssuer? { issuer as? ZendeskMessagingIssuer }
}

extension ZendeskMessagingIssuer: ZendeskMessagingSessionBackend {}
