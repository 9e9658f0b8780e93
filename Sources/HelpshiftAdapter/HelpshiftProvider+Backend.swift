public import IdentityBridge
public import Logging

extension HelpshiftProvider {
    /// Creates a provider over `port` on the backend side from an instance's settings, and registers it as
    /// the SDK delegate: `login(_:)` issues login dictionaries (or identities JWTs) with the settings' secrets,
    /// and a login the SDK refuses says why, as `verify` would. An app builds one with
    /// `init(reference:port:identitySystem:fullPrivacy:clearAnonymousUserOnLogin:clock:logger:)` and no secret.
    public init(
        settings: HelpshiftSettings, reference: ProviderReference, port: any HelpshiftSDKPort, clock: any IdentityClock,
        logger: Logger = Logger(label: "IdentityBridge.helpshift")
    ) {
        let issuer = HelpshiftIssuer(settings: settings, provider: reference, clock: clock)
        self.init(
            reference: reference, port: port, issuer: issuer, backend: issuer, identitySystem: settings.identitySystem,
            fullPrivacy: settings.fullPrivacy, clearAnonymousUserOnLogin: settings.clearAnonymousUserOnLogin, clock: clock, logger: logger)
    }

    /// The settings of the instance this provider was built from on the backend; `nil` for an app's provider.
    public nonisolated var settings: HelpshiftSettings? { (issuer as? HelpshiftIssuer)?.settings }
}

extension HelpshiftIssuer: HelpshiftSessionBackend {}
