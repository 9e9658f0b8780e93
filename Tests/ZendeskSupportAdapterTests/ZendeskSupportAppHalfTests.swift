import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

/// The app half of Zendesk Support: a provider built from the Mobile SDK admin setting and a credential
/// source, with no issuer and no secret; the user tokens come from the backend, whose JWT endpoint Zendesk calls.
@Suite("Zendesk Support's app half: a provider with no secret")
struct ZendeskSupportAppHalfTests {
    let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)

    @Test("logs in with the backend's user token through its credential source; Zendesk exchanges it at the backend's endpoint")
    func logsInThroughItsSource() async throws {
        let simulator = ZendeskSupportSimulator(auth: .jwt, sharedSecret: ZendeskSupportFixture.secret, clock: clock)
        let backend = try ZendeskSupportFixture.issuer(clock: clock)
        let endpoint = TokenExchangeEndpoint(exchanger: backend)
        simulator.registerJWTEndpoint { body, type in await endpoint.handle(formBody: body, contentType: type) }
        let support = ZendeskSupportProvider(auth: .jwt, port: simulator, clock: clock)
        let asked = CallCounter()
        let session = try await support.login(credentialSource: { () async throws(IdentityError) -> Credential in
            asked.increment()
            return try backend.issue(for: ZendeskSupportFixture.ann)
        })
        #expect(session.user.email == "ann@example.com" && asked.value == 1)
        #expect(simulator.endpointCalls.count == 1, "Zendesk called the backend's JWT endpoint once")
        #expect(support.capabilities.contains(.tokenExchange))
    }

    @Test("has no issuer: login(user) is unsupported_operation; the admin setting still refuses the other identity type")
    func refusesToIssue() async throws {
        let simulator = ZendeskSupportSimulator(auth: .anonymous, sharedSecret: nil, clock: clock)
        let support = ZendeskSupportProvider(auth: .anonymous, port: simulator, clock: clock)
        #expect(support.issuer is AppHalfIssuer)
        let login = await #expect(throws: IdentityError.self) { try await support.login(ZendeskSupportFixture.ann) }
        #expect(login?.code == .unsupportedOperation && login?.provider == support.reference)
        let mismatch = await #expect(throws: IdentityError.self) {
            try await support.login(credential: Credential(fields: ["user_token": "t"]))
        }
        #expect(mismatch?.vendorCode == "identity_type_mismatch" && mismatch?.field == "auth")
        let session = try await support.login(credential: Credential(fields: ["anonymous": ["name": "Ann"]]))
        #expect(session.user.isAnonymous)
        #expect(await support.currentUser()?.isAnonymous == true)
    }
}
