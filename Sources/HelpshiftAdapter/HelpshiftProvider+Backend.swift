public import IdentityBridge
public import Logging

extension HelpshiftProvider {
    /// Creates a provider over `port` on the backend side and registers it as the SDK delegate: `login(_:)`
    /// issues login dictionaries (or identities JWTs) with `issuer`, and a login the SDK refuses says why, as
    /// `verify` would. An app builds one with `init(reference:port:identitySystem:fullPrivacy:clearAnonymousUserOnLogin:clock:logger:)`
    /// and no secret.
    public init(
        issuer: HelpshiftIssuer, port: any HelpshiftSDKPort, clock: any IdentityClock,
        logger: Logger = Logger(label: ProviderKind.helpshift.loggerLabel)
    ) {
        let settings = issuer.settings
        self.init(
            reference: issuer.provider, port: port, backend: issuer, identitySystem: settings.identitySystem,
            fullPrivacy: settings.fullPrivacy, clearAnonymousUserOnLogin: settings.clearAnonymousUserOnLogin, clock: clock, logger: logger)
    }

    /// The issuer this provider was built with on the backend; `nil` for an app's provider.
    public nonisolated var backendIssuer: HelpshiftIssuer? { issuer as? HelpshiftIssuer }
}

extension HelpshiftIssuer: HelpshiftSessionBackend {}
