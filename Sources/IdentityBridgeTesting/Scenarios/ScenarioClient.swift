import Foundation
public import IdentityBridge
public import IdentityBridgeClient
import Logging

/// The app-side credential client a scenario's `client_login` steps go through: app → client →
/// token service → credential → the simulated SDK's `login(credential:)`, the same for every kind.
///
/// ```swift
/// // In process (the default): the service's credentials route over the scenario's own issuer and clock.
/// let runner = ScenarioRunner(configuration: configuration)
/// // A live token service (e.g. TokenService on loopback): the simulated clock follows the service's.
/// var live = ScenarioRunner(configuration: configuration)
/// live.client = .service { app in CredentialClient(configuration: .init(baseURL: url, app: app), proof: { _ in .apiKey(key) }) }
/// ```
public struct ScenarioClient: Sendable {
    /// What a client is made for: one scenario run on one provider.
    public struct Context: Sendable {
        /// The scenario's app.
        public var app: String
        /// The provider the run logs in to.
        public var provider: any IdentityProvider
        /// The run's simulated clock (the vendors' and, in process, the service's and the device's).
        public var clock: ManualClientClock
    }

    let make: @Sendable (Context) -> CredentialClient
    /// Whether the simulated clock is moved up to the service's clock (as the client reads it from
    /// the `Date` header) before a `client_login` hands the credential to the SDK.
    let followsServiceClock: Bool

    /// A client over ``SimulatedTokenService`` on the run's clock: no network, the configuration's
    /// own issuer.
    public static var inProcess: ScenarioClient {
        ScenarioClient(
            make: { context in
                let service = SimulatedTokenService(app: context.app, issuers: [context.provider.issuer], clock: context.clock)
                return CredentialClient(
                    configuration: .init(
                        baseURL: URL(string: "http://token-service.invalid")!, app: context.app, clock: context.clock, transport: service,
                        logger: Logger(label: "IdentityBridge.scenario.client", factory: { _ in SwiftLogNoOpLogHandler() })),
                    proof: { _ in .apiKey("in-process") })
            }, followsServiceClock: false)
    }

    /// A client of a running token service, made by `make` for the scenario's app (a fresh one per
    /// run). The service mints on its own clock, so the simulated vendors' clock is moved up to
    /// the service's before each `client_login` hands the credential over (never back).
    public static func service(_ make: @escaping @Sendable (_ app: String) -> CredentialClient) -> ScenarioClient {
        ScenarioClient(make: { context in make(context.app) }, followsServiceClock: true)
    }
}
