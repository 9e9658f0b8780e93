import Foundation
import IdentityBridge
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import InMemoryLogging
import Logging
import MetricsTestKit
import Testing
import ZendeskSupportAdapter

/// The backend path a service takes: the standard registry, a loaded configuration, issuers,
/// the token exchange endpoint, metrics and logs. No simulator is involved.
@Suite("The backend issuer path (IdentityBridge + IdentityBridgeStandard)")
struct StandardIssuerPathTests {
    static let yaml = """
        apps:
          demo:
            providers:
              - kind: helpshift
                secret: ${HS}
              - kind: zendesk-support
                auth: jwt
                secret: ${ZS}
              - kind: zendesk-support
                name: support-anonymous
                auth: anonymous
              - kind: zendesk-chat
                account_key: ${CK}
                secret: ${ZC}
              - kind: zendesk-messaging
                signing_keys:
                  - key_id: app_1
                    secret: ${ZM}
        """
    static let variables = [
        "HS": "helpshift-secret-0123456789abcdef-0123", "ZS": "zendesk-support-secret-0123456789abcdef", "CK": "chat-account-key",
        "ZC": "zendesk-chat-secret-0123456789abcdef-01", "ZM": "zendesk-messaging-secret-0123456789abcd",
    ]
    static let start: Int64 = 1_767_225_600
    static let ann = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")

    static func configuration() throws -> IdentityConfiguration {
        try TestConfiguration.load(yaml: yaml, variables: variables, file: "identity.yaml")
    }

    @Test("every instance builds its issuer from the configuration alone, by name or by ProviderInstanceID")
    func issuersWithoutRegistry() throws {
        let configuration = try Self.configuration()
        let context = IssuerContext(clock: FixedClock(unixSeconds: Self.start))
        for instance in configuration.apps[0].providers {
            let byName = try configuration.makeIssuer(app: "demo", provider: instance.reference.name, context: context)
            let byID = try configuration.makeIssuer(instance.id, context: context)
            #expect(byName.provider == instance.reference)
            #expect(byID.provider == instance.reference)
            let credential = try byID.issue(for: Self.ann)
            #expect(!credential.fields.isEmpty)
        }
        #expect(configuration.apps[0].providers.map(\.id.description).first == "demo/helpshift")
    }

    @Test("a configuration keeps each plugin with its settings: another registry later cannot break it")
    func typedBinding() throws {
        let configuration = try Self.configuration()
        let instance = try configuration.instance(app: "demo", provider: "zendesk-chat")
        #expect(instance.plugin.kind == instance.reference.kind)
        #expect(instance.settings is ZendeskSupportSettings == false)
        _ = try instance.makeIssuer(context: IssuerContext(clock: FixedClock(unixSeconds: Self.start)))
    }

    @Test("the Support exchanger is reachable without a downcast; other kinds answer unsupported_operation")
    func exchanger() async throws {
        let configuration = try Self.configuration()
        let context = IssuerContext(clock: FixedClock(unixSeconds: Self.start))
        let exchanger = try configuration.makeTokenExchanger(app: "demo", provider: "zendesk-support", context: context)
        let userToken = try #require(try exchanger.issue(for: Self.ann)[exchanger.exchangeFormField])
        let endpoint = TokenExchangeEndpoint(exchanger: exchanger)
        let response = await endpoint.handle(formBody: "user_token=\(userToken)", contentType: TokenExchangeEndpoint.formContentType)
        #expect(response.status == 200)
        let jwt = try #require(response.jwt)
        #expect(try DecodedJWT.decode(jwt).claims["external_id"] == "u-1")
        for name in ["helpshift", "zendesk-chat", "zendesk-messaging", "support-anonymous"] {
            let error = #expect(throws: IdentityError.self) { try configuration.makeTokenExchanger(app: "demo", provider: name) }
            #expect(error?.code == .unsupportedOperation, "\(name)")
        }
    }

    @Test("resolveUser mode: the app's own session token becomes a user, then a Zendesk JWT; refusals are 401, bad user data 422")
    func resolveUserMode() async throws {
        let configuration = try Self.configuration()
        let context = IssuerContext(clock: FixedClock(unixSeconds: Self.start))
        let exchanger = try configuration.makeTokenExchanger(app: "demo", provider: "zendesk-support", context: context)
        let sessions: [String: UserIdentity] = [
            "session-ann": Self.ann, "session-noemail": UserIdentity(userId: "u-2", name: "Bob"),
        ]
        let endpoint = TokenExchangeEndpoint(
            exchanger: exchanger,
            mode: .resolveUser { token throws(IdentityError) in
                guard let user = sessions[token] else {
                    throw IdentityError(.tokenInvalid, field: "user_token", message: "Unknown session.", recovery: "Log in again.")
                }
                return user
            })
        let form = TokenExchangeEndpoint.formContentType
        let ok = await endpoint.handle(formBody: "user_token=session-ann", contentType: form)
        #expect(ok.status == 200)
        let claims = try DecodedJWT.decode(try #require(ok.jwt)).claims
        #expect(claims["email"] == "ann@example.com")
        #expect(claims["name"] == "Ann")
        let refused = await endpoint.handle(formBody: "user_token=session-eve", contentType: form)
        #expect(refused.status == 401)
        #expect(refused.error?.code == .tokenInvalid)
        let badUser = await endpoint.handle(formBody: "user_token=session-noemail", contentType: form)
        #expect(badUser.status == 422)
        #expect(badUser.body["error"]?["code"]?.stringValue == badUser.error?.code.rawValue)
        #expect(await endpoint.handle(formBody: "user_token=session-ann", contentType: "application/json").status == 415)
        let big = String(repeating: "a", count: TokenExchangeEndpoint.defaultBodyLimit + 1)
        #expect(await endpoint.handle(formBody: Array(big.utf8), contentType: form).status == 413)
    }

    @Test("issuers count issued and refused credentials and verifications by kind, instance and code")
    func metrics() throws {
        let metrics = TestMetrics()
        let configuration = try Self.configuration()
        let context = IssuerContext(clock: FixedClock(unixSeconds: Self.start), metrics: metrics)
        let chat = try configuration.makeIssuer(app: "demo", provider: "zendesk-chat", context: context)
        let jwt = try #require(try chat.issue(for: Self.ann).jwt)
        _ = try chat.issue(for: Self.ann)
        #expect(throws: IdentityError.self) { try chat.issue(for: UserIdentity(userId: "u-1", name: "Ann")) }
        _ = try chat.verify(jwt, for: nil)
        #expect(throws: IdentityError.self) { try chat.verify(jwt + "x", for: nil) }
        let dimensions = [("app", "demo"), ("kind", "zendesk-chat"), ("provider", "zendesk-chat")]
        #expect(metrics.counterTotal(label: "identitybridge_credentials_issued_total", dimensions: dimensions) == 2)
        let refused = metrics.counters(label: "identitybridge_credentials_refused_total")
        #expect(refused.count == 1)
        #expect(
            refused.first?.dimensions.contains {
                $0.0 == "code" && $0.1 == "missing_identifier" || $0.0 == "code" && $0.1 == "invalid_email"
            } == true)
        #expect(refused.first?.totalValue == 1)
        #expect(
            metrics.counterTotal(
                label: "identitybridge_verifications_total", dimensions: dimensions + [("result", "valid"), ("code", "none")]) == 1)
        let invalid = metrics.counters(label: "identitybridge_verifications_total").filter {
            $0.dimensions.contains { $0.0 == "result" && $0.1 == "invalid" }
        }
        #expect(invalid.map(\.totalValue) == [1])
        #expect(invalid.first?.dimensions.contains { $0.0 == "code" && $0.1 == "token_invalid" } == true)
    }

    @Test("refusals are logged with codes in metadata, never the user's email or the token")
    func logs() throws {
        var recorder = InMemoryLogHandler()
        recorder.logLevel = .debug
        let debugLogger = Logger(label: "test") { [recorder] _ in recorder }
        let configuration = try Self.configuration()
        let issuer = try configuration.makeIssuer(
            app: "demo", provider: "zendesk-chat", context: IssuerContext(clock: FixedClock(unixSeconds: Self.start), logger: debugLogger))
        _ = try? issuer.issue(for: UserIdentity(userId: "u-1", email: "not-an-email-secret-person", name: "Ann"))
        _ = try? issuer.verify("eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl", for: nil)
        let entries = recorder.entries
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.textMetadata["code"] != nil && $0.textMetadata["instance"] == "zendesk-chat" })
        #expect(!entries.contains { $0.text.contains("not-an-email-secret-person") || $0.text.contains("c2lnbmF0dXJl") })
    }
}

extension InMemoryLogHandler.Entry {
    /// The metadata values as text.
    var textMetadata: [String: String] { metadata.mapValues { "\($0)" } }
    /// The message and every metadata value, as one line.
    var text: String {
        "\(message) " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}
