public import IdentityBridge
public import Logging

extension ZendeskChatProvider {
    /// Creates a provider over `port` on the backend side, whose `login(_:)` mints with `issuer`
    /// (tests, scenarios, the simulators). An app builds one with `init(reference:accountKey:port:issuer:tokenLifetime:clock:logger:)`
    /// and no issuer.
    public init(issuer: ZendeskChatIssuer, accountKey: Secret, port: any ZendeskChatSDKPort, clock: any IdentityClock, logger: Logger) {
        self.init(
            reference: issuer.provider, accountKey: accountKey.revealed, port: port, issuer: issuer,
            tokenLifetime: issuer.tokenLifetime, clock: clock, logger: logger)
    }
}
