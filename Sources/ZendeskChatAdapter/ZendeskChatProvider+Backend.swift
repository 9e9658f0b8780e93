public import IdentityBridge
public import Logging

extension ZendeskChatProvider {
    /// Creates a provider over `port` on the backend side, whose `login(_:)` mints with `issuer` on every
    /// `getToken` (tests, scenarios, the simulators); the SDK is initialized with the settings' account key.
    /// An app builds one with `init(reference:accountKey:port:clock:logger:)` and no issuer.
    public init(
        issuer: ZendeskChatIssuer, port: any ZendeskChatSDKPort, clock: any IdentityClock,
        logger: Logger = Logger(label: ProviderKind.zendeskChat.loggerLabel)
    ) {
        self.init(
            reference: issuer.provider, accountKey: issuer.settings.accountKey.revealed, port: port, backend: issuer, clock: clock,
            logger: logger)
    }

    /// The issuer this provider was built with on the backend; `nil` for an app's provider.
    public nonisolated var backendIssuer: ZendeskChatIssuer? { issuer as? ZendeskChatIssuer }
}

extension ZendeskChatIssuer: ZendeskChatSessionBackend {}
