import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting

/// Shared configuration, issuers and simulator harnesses for the Helpshift tests.
enum HelpshiftFixture {
    /// At least 32 bytes, so jwt-kit accepts them as HMAC keys.
    static let secret = "helpshift-test-secret-0123456789abcdef"
    static let oldSecret = "helpshift-old-secret-0123456789abcdefgh"
    static let identitySecret = "helpshift-identity-secret-0123456789abcdef"
    static let start: Int64 = 1_767_225_600
    static let reference = ProviderReference(kind: .helpshift)

    static let environment = ConfigEnvironment(variables: [
        "HS_SECRET": secret, "HS_OLD_SECRET": oldSecret, "HS_IDENTITY_SECRET": identitySecret,
    ])

    /// Loads a one-provider configuration; `lines` are extra `key: value` settings.
    static func configuration(_ lines: [String]) throws -> IdentityConfiguration {
        let settings = (["secret: ${HS_SECRET}"] + lines).map { "        " + $0 }.joined(separator: "\n")
        let yaml = """
            apps:
              demo:
                providers:
                  - kind: helpshift
            \(settings)
            """
        return try TestConfiguration.load(yaml: yaml, environment: environment)
    }

    static func settings(
        verification: Bool = true, input: HelpshiftDigestInput = .auto, encoding: HelpshiftDigestEncoding = .hex,
        fullPrivacy: Bool = false, identitySystem: Bool = false, previous: [String] = []
    ) -> HelpshiftSettings {
        HelpshiftSettings(
            identityVerification: verification, secret: Secret(secret), previousSecrets: previous.map { Secret($0) },
            digestInput: input, digestEncoding: encoding, fullPrivacy: fullPrivacy,
            identitySystem: identitySystem, identitySecret: identitySystem ? Secret(identitySecret) : nil)
    }

    static func issuer(_ settings: HelpshiftSettings, clock: any IdentityClock = FixedClock(unixSeconds: start))
        -> HelpshiftIssuer
    {
        HelpshiftIssuer(settings: settings, provider: reference, clock: clock)
    }

    struct Harness {
        let provider: HelpshiftProvider
        let simulator: HelpshiftSimulator
        let recorder: EventRecorder
        let clock: ManualClock
        let issuer: HelpshiftIssuer
    }

    /// A provider built from configuration whose SDK port is a simulator.
    static func harness(_ lines: [String] = [], factory: HelpshiftSimulatorFactory = HelpshiftSimulatorFactory()) throws -> Harness {
        let configuration = try configuration(lines)
        let clock = ManualClock(unixSeconds: start)
        let vendors = SimulatedVendors(clock: clock, factories: [factory])
        let built = try configuration.makeProvider(app: "demo", provider: "helpshift", context: vendors.context())
        guard let provider = built as? HelpshiftProvider,
            let simulator = vendors.simulator(app: "demo", provider: "helpshift") as? HelpshiftSimulator
        else { throw IdentityError(.unknown, message: "harness types") }
        guard let settings = provider.backendIssuer?.settings else {
            throw IdentityError(.unknown, message: "a backend provider has its issuer")
        }
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)
        return Harness(provider: provider, simulator: simulator, recorder: recorder, clock: clock, issuer: issuer(settings, clock: clock))
    }

    /// The error thrown by `body`, or `nil`.
    static func error<T>(_ body: () throws -> T) -> IdentityError? {
        do {
            _ = try body()
            return nil
        } catch let error as IdentityError { return error } catch {
            return IdentityError("not_an_identity_error", message: "\(error)")
        }
    }

    /// The error thrown by async `body`, or `nil`.
    static func asyncError<T>(_ body: () async throws -> T) async -> IdentityError? {
        do {
            _ = try await body()
            return nil
        } catch let error as IdentityError { return error } catch {
            return IdentityError("not_an_identity_error", message: "\(error)")
        }
    }
}
