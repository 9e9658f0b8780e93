import HelpshiftAdapter
public import IdentityBridge
public import IdentityBridgeTesting

/// Makes ``HelpshiftSimulator``s with the vendor-side settings of each instance's configuration:
/// the dashboard's identity verification and secrets (`secret` and `previous_secrets`), the digest
/// format, full privacy, and the Identity System (enabled when `identity_system` is true, unless
/// `identityFeatureEnabled` overrides it).
public struct HelpshiftSimulatorFactory: VendorSimulatorFactory {
    /// Forces the domain's Identity System on or off regardless of the instance setting.
    package var identityFeatureEnabled: Bool?
    /// The Identity System session lifetime, in seconds.
    package var sessionLifetime: Int64
    /// How long before expiry `refreshUserCredentials` is sent, in seconds.
    package var refreshLeadTime: Int64

    /// Creates the factory.
    public init(identityFeatureEnabled: Bool? = nil, sessionLifetime: Int64 = 3600, refreshLeadTime: Int64 = 300) {
        self.identityFeatureEnabled = identityFeatureEnabled
        self.sessionLifetime = sessionLifetime
        self.refreshLeadTime = refreshLeadTime
    }

    /// The `helpshift` kind.
    public var kind: ProviderKind { .helpshift }

    /// A fresh simulator for `instance`.
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        HelpshiftSimulator(configuration: configuration(for: instance), clock: clock)
    }

    /// The vendor-side configuration for `instance` (defaults when it is not a Helpshift instance).
    public func configuration(for instance: ProviderInstanceConfiguration) -> HelpshiftSimulator.Configuration {
        guard let settings = instance.settings as? HelpshiftSettings else {
            return HelpshiftSimulator.Configuration(secrets: [], sessionLifetime: sessionLifetime, refreshLeadTime: refreshLeadTime)
        }
        return HelpshiftSimulator.Configuration(
            identityVerification: settings.identityVerification, secrets: [settings.secret] + settings.previousSecrets,
            digestInput: settings.digestInput.rawValue, digestEncoding: settings.digestEncoding.rawValue,
            fullPrivacy: settings.fullPrivacy, identityFeatureEnabled: identityFeatureEnabled ?? settings.identitySystem,
            identitySecret: settings.identitySecret, sessionLifetime: sessionLifetime, refreshLeadTime: refreshLeadTime)
    }
}
