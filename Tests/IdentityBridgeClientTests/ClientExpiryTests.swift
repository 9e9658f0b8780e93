import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeClient
import IdentityBridgeHummingbird
import IdentityBridgeService
import Logging
import Synchronization
import Testing

/// Expiry that no clock can fool: a real token service on loopback, whose clock is the simulated
/// time, behind a shaping transport that shifts the `Date` header; a device whose wall clock is off
/// and jumps mid-run. Over a simulated hour, no caller gets an expired credential (judged on the
/// service's clock), and the requests stay within what the lifetime allows.
@Suite struct ClientExpiryTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static let yaml = """
        apps:
          demo:
            service:
              api_keys: [ "${DEMO_API_KEY}" ]
            providers:
              - kind: zendesk-chat
                name: chat-30s
                account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                secret: ${ZENDESK_CHAT_SECRET}
                token_lifetime: 30s
              - kind: zendesk-messaging
                name: messaging-60s
                token_lifetime: 60s
                expiry_warning_margin: 10s
                signing_keys:
                  - key_id: app_client_test_key_0123456789abcdef
                    secret: ${ZENDESK_MESSAGING_SECRET}
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var provider: String
        var kind: String
        /// The credential's lifetime in seconds.
        var lifetime: Double
        /// How far the `Date` header is shifted from the service's clock.
        var dateShift: TimeInterval
        /// How far the device's wall clock is off (it jumps by twice that, the other way, mid-run).
        var deviceSkew: TimeInterval
        var testDescription: String { "\(provider), Date \(Int(dateShift)) s, device \(Int(deviceSkew)) s" }
    }

    static let cases = [
        Case(provider: "chat-30s", kind: "zendesk-chat", lifetime: 30, dateShift: -600, deviceSkew: 600),
        Case(provider: "chat-30s", kind: "zendesk-chat", lifetime: 30, dateShift: -600, deviceSkew: -600),
        Case(provider: "messaging-60s", kind: "zendesk-messaging", lifetime: 60, dateShift: 600, deviceSkew: -600),
        Case(provider: "messaging-60s", kind: "zendesk-messaging", lifetime: 60, dateShift: -600, deviceSkew: 600),
    ]

    @Test(arguments: cases)
    func overASimulatedHourNoExpiredHandOutAndNoRefetchLoop(_ test: Case) async throws {
        let device = ManualClientClock(Self.start.addingTimeInterval(test.deviceSkew))
        // The service's clock is the simulated time itself: it moves only when the device's time passes.
        let serviceClock = SimulatedTime(device: device, start: Self.start)
        try await Self.serve(clock: serviceClock) { url, counter in
            let transport = DateShiftingTransport(base: URLSessionTransport(), serviceClock: serviceClock, shift: test.dateShift)
            let client = CredentialClient(
                configuration: .init(
                    baseURL: url, app: "demo", clock: device, transport: transport,
                    logger: Logger(label: "test.client", factory: { _ in SwiftLogNoOpLogHandler() })),
                proof: { _ in .apiKey(LiveTokenService.apiKey) })
            let reference = ProviderReference(kind: ProviderKind(rawValue: test.kind), name: test.provider)
            // 1.3 s steps: never a whole second, so a token cached across steps would be seen expiring.
            let step = 1.3
            let calls = Int(3_600 / step)
            var expired = 0
            var tokens = Set<String>()
            for call in 0..<calls {
                if call == calls / 2 { device.shiftWallClock(by: -2 * test.deviceSkew) }
                let jwt = try #require(try await client.credential(for: ann, from: reference).jwt)
                tokens.insert(jwt)
                let exp = try #require(try DecodedJWT.decode(jwt).claim("exp")?.intValue)
                if serviceClock.now().timeIntervalSince1970 >= TimeInterval(exp) { expired += 1 }
                await client.waitForPendingFetches()
                device.advance(by: step)
            }
            let requests = counter.credentials(test.provider)
            #expect(expired == 0, "\(expired) expired credentials handed out in \(calls) calls")
            // Refreshed once per half lifetime at most: an hour of 60 s tokens is about 120 requests.
            let bound = Int(3_600 / (test.lifetime / 2 - step)) + 2
            #expect(requests <= bound, "\(requests) requests for \(calls) calls (bound \(bound))")
            #expect(requests >= Int(3_600 / test.lifetime), "\(requests) requests: a credential was used past its life")
            #expect(tokens.count == requests)
        }
    }

    /// A Chat lifetime too short to hand out is refused when the configuration is loaded, naming the
    /// setting, the value and the floor: the service never mints a JWT that arrives already expired.
    @Test(arguments: ["1s", "2s", "5s", "10s", "29s"])
    func aChatLifetimeTooShortToHandOutIsRefusedAtLoad(_ lifetime: String) throws {
        let yaml = """
            apps:
              demo:
                service:
                  api_keys: [ "${DEMO_API_KEY}" ]
                providers:
                  - kind: zendesk-chat
                    account_key: ${ZENDESK_CHAT_ACCOUNT_KEY}
                    secret: ${ZENDESK_CHAT_SECRET}
                    token_lifetime: \(lifetime)
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-lifetime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("service.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: ConfigurationError.self) { try LiveTokenService.loader.load(path: path) }
        let text = error.map(String.init(describing:)) ?? ""
        #expect(text.contains("'token_lifetime' of zendesk-chat provider is '\(lifetime)'"), "\(text)")
        #expect(text.contains("it must be between 30s and 7m"), "\(text)")
    }

    /// Serves the token service over `yaml`, its issuers on `clock`, on a free loopback port.
    static func serve(clock: any IdentityClock, _ body: @Sendable (URL, RequestCounter) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-expiry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("service.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try LiveTokenService.loader.load(path: path)
        var logger = Logger(label: "test.expiry.service")
        logger.logLevel = .warning
        let metrics = ServiceMetrics()
        let state = ServiceState(try await ServiceSnapshot(configuration: configuration, context: IssuerContext(clock: clock)))
        let counter = RequestCounter()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: CountingMiddleware(counter: counter))
        router.addRoutes(IdentityBridgeRoutes(state: state, metrics: metrics, logger: logger).collection())
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)")!, counter)
        }
    }
}

/// The simulated time as the service reads it: `start` plus the time passed on the device's clock
/// (its monotonic reading), whatever the device's wall clock says.
struct SimulatedTime: IdentityClock {
    let device: ManualClientClock
    let start: Date
    func now() -> Date { start.addingTimeInterval(device.monotonicSeconds()) }
}

/// A proxy's view of the service: every answer's `Date` header rewritten to the service's clock
/// plus `shift` (a gateway or CDN that rewrites it), in whole seconds as HTTP has it.
struct DateShiftingTransport: ClientTransport {
    let base: any ClientTransport
    let serviceClock: any IdentityClock
    let shift: TimeInterval

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        var response = try await base.send(request)
        for name in response.headers.keys where name.lowercased() == "date" { response.headers.removeValue(forKey: name) }
        response.headers["Date"] = ServiceClock.httpDate(serviceClock.now().addingTimeInterval(shift))
        return response
    }
}
