import Foundation
import HelpshiftAdapter
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import Testing

@testable import IdentityBridgeHummingbird
@testable import IdentityBridgeService

/// Issue 34: the routes read the clock the snapshot was built with (`IssuerContext.clock`), never the system's.
@Suite struct ServiceClockTests {
    /// Helpshift's settings and issuer under the kind `stamped`, whose one vendor event answers the
    /// time it was mapped at: what the events route passed as `timestamp`.
    struct StampedPlugin: ProviderPlugin, VendorEventMapping {
        let base = HelpshiftPlugin()
        var kind: ProviderKind { "stamped" }

        func parseSettings(_ reader: SettingsReader) -> HelpshiftSettings? { base.parseSettings(reader) }

        func makeIssuer(_ settings: HelpshiftSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
            throws(IdentityError) -> any CredentialIssuer
        { try base.makeIssuer(settings, for: instance, context: context) }

        func makeProvider(_ settings: HelpshiftSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
            throws(IdentityError) -> any IdentityProvider
        { try base.makeProvider(settings, for: instance, context: context) }

        func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
            -> [IdentityEvent]
        {
            let seconds = JSONValue.int(Int64(timestamp.timeIntervalSince1970))
            return [IdentityEvent(.loginSucceeded, provider: provider, payload: .fields(["mapped_at": seconds]), timestamp: timestamp)]
        }
    }

    @Test func theEventsRouteStampsEventsWithTheInjectedClock() async throws {
        let yaml = """
            apps:
              demo:
                service: { api_keys: [ "${DEMO_API_KEY}" ] }
                providers:
                  - kind: stamped
                    secret: ${HELPSHIFT_SECRET}
            """
        var registry = StandardProviders.registry
        registry.register(StampedPlugin())
        let configuration = try TestConfiguration.loader(registry, variables: ServiceFixture.variables)
            .load(yaml: yaml, file: "stamped.yaml")
        let clock = ManualClock(unixSeconds: 1_000_000_000)
        let state = ServiceState(try await ServiceSnapshot(configuration: configuration, context: IssuerContext(clock: clock)))
        let router = Router()
        router.addRoutes(IdentityBridgeRoutes(state: state).collection())
        try await Application(router: router).test(.router) { raw in
            let answer = try await ServiceClient(client: raw).post(
                "/v1/apps/demo/providers/stamped/events", body: #"{"name": "anything"}"#, contentType: "application/x-ndjson",
                bearer: ServiceFixture.apiKey)
            #expect(answer.status == 200, "\(answer.text)")
            let event = try JSONValue.parse(answer.text.trimmingCharacters(in: .newlines))
            #expect(event["data"]?["mapped_at"] == 1_000_000_000, "\(answer.text)")
        }
    }
}
