import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting

/// The built-in kinds against Scenarios/config.yaml (found via #filePath, no resources needed).
enum StandardFixture {
    /// The repository root.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The scenario folder.
    static let scenarios = root.appendingPathComponent("Scenarios")
    /// The configuration the scenarios and the conformance suites run against.
    static let configPath = scenarios.appendingPathComponent("config.yaml").path

    /// The development secrets of config.yaml (what the environment defaults resolve to).
    static let secrets = [
        "dev-helpshift-secret-0123456789abcdef", "dev-zendesk-support-secret-0123456789",
        "dev-zendesk-chat-account-key", "dev-zendesk-chat-secret-0123456789abcdef",
        "dev-zendesk-messaging-secret-0123456789", "dev-helpshift-identity-secret-0123456789",
    ]

    /// The four built-in kinds.
    static let kinds: [ProviderKind] = StandardProviders.registry.kinds

    static func configuration() throws -> IdentityConfiguration {
        try TestConfiguration.load(path: configPath)
    }

    /// The conformance suite for `kind` (instance `kind` of app `demo`), with the hooks its vendor needs.
    static func conformance(_ kind: ProviderKind) throws -> ProviderConformance {
        let configuration = try configuration()
        var conformance = ProviderConformance(secrets: secrets) {
            try ConformanceSubject.simulated(configuration: configuration, app: "demo", provider: kind.rawValue)
        }
        if kind == "helpshift" {
            // helpshift-users.txt: the userAuthToken is an HMAC digest of the identifiers; it carries no expiry.
            conformance.expiredCredential = .notApplicable("Helpshift's legacy userAuthToken digests do not expire (helpshift-users.txt)")
        }
        if kind == "zendesk-messaging" {
            // loginUser and logoutUser reach Zendesk: the SDK's logout completes with an error when it cannot.
            conformance.failingLogout = { subject in (subject.simulator as? ZendeskMessagingSimulator)?.failNextLogoutUser() }
        }
        return conformance
    }

    /// The instances of app `variants` (dashboard settings that change the contract's details).
    static let variants = [
        "helpshift-unverified", "helpshift-full-privacy", "helpshift-clear-anonymous", "helpshift-identity-system",
        "zendesk-support-anonymous", "zendesk-messaging-multi",
    ]

    /// The conformance suite for instance `name` of app `variants`, with what does not apply and why.
    static func variantConformance(_ name: String) throws -> ProviderConformance {
        let configuration = try configuration()
        var conformance = ProviderConformance(secrets: secrets) {
            try ConformanceSubject.simulated(configuration: configuration, app: "variants", provider: name)
        }
        switch name {
        case "helpshift-unverified":
            conformance.badCredential = .notApplicable(
                "identity verification is off: Helpshift does not check the userAuthToken (helpshift-users.txt)")
            conformance.expiredCredential = .notApplicable("Helpshift's legacy userAuthToken digests do not expire")
        case "helpshift-full-privacy", "helpshift-clear-anonymous":
            conformance.expiredCredential = .notApplicable("Helpshift's legacy userAuthToken digests do not expire")
        case "zendesk-support-anonymous":
            let reason =
                "an anonymous Support identity carries no credential and needs no identifier (zendesk-support-and-chat-identity.txt)"
            conformance.badCredential = .notApplicable(reason)
            conformance.expiredCredential = .notApplicable(reason)
            conformance.notApplicable[.missingIdentifier] = reason
            conformance.notApplicable[.login] = "anonymous identities are not logged-in users"
            conformance.notApplicable[.credentialLogin] = "anonymous identities are not logged-in users"
            conformance.notApplicable[.reloginAsAnotherUser] = "anonymous identities are not logged-in users"
            conformance.notApplicable[.sameUserRecognised] = "anonymous identities are not logged-in users"
        default:
            break
        }
        return conformance
    }
}
