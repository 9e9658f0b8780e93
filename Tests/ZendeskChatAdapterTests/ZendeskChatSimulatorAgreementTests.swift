import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

/// The adapter's verifier and the independently written simulator must agree on every check.
@Suite("Zendesk Chat verifier and simulator agree")
struct ZendeskChatSimulatorAgreementTests {
    static let start = ZendeskChatFixture.start

    static let cases: [(String, String, ZendeskChatFailureReason?)] = [
        ("valid", ZendeskChatFixture.token(ZendeskChatFixture.claims()), nil),
        ("no exp", ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: nil)), nil),
        ("malformed", "not.a.jwt", .tokenMalformed),
        ("wrong secret", ZendeskChatFixture.token(ZendeskChatFixture.claims(), secret: ZendeskChatFixture.otherSecret), .signatureInvalid),
        ("no name", ZendeskChatFixture.token(ZendeskChatFixture.claims(["name": .null])), .nameInvalid),
        ("bad email", ZendeskChatFixture.token(ZendeskChatFixture.claims(["email": "x@y"])), .emailInvalid),
        ("no external_id", ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .null])), .claimMissing),
        (
            "external_id 200",
            ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(String(repeating: "z", count: 200))])), nil
        ),
        (
            "external_id 201",
            ZendeskChatFixture.token(ZendeskChatFixture.claims(["external_id": .string(String(repeating: "z", count: 201))])),
            .externalIdTooLong
        ),
        ("iat +120", ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: start + 120, exp: start + 400)), nil),
        ("iat +121", ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: start + 121, exp: start + 400)), .issuedInFuture),
        ("lifetime 420", ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: start + 420)), nil),
        ("lifetime 421", ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: start + 421)), .lifetimeTooLong),
        ("expired", ZendeskChatFixture.token(ZendeskChatFixture.claims(iat: start - 300, exp: start)), .tokenExpired),
        ("exp before iat", ZendeskChatFixture.token(ZendeskChatFixture.claims(exp: start - 1)), .claimInvalid),
    ]

    @Test("same verdict for each token", arguments: 0..<cases.count)
    func agree(index: Int) async throws {
        let (label, token, expected) = Self.cases[index]
        let clock = ManualClock(unixSeconds: Self.start)
        let adapterVerdict: ZendeskChatFailureReason?
        switch ZendeskChatTokenValidator(secret: ZendeskChatFixture.secret).check(token, now: Self.start, boundExternalId: nil) {
        case .success: adapterVerdict = nil
        case .failure(let failure): adapterVerdict = failure.reason
        }
        let simulator = ZendeskChatSimulator(
            accountKey: ZendeskChatFixture.accountKey, sharedSecret: ZendeskChatFixture.secret, clock: clock)
        await simulator.initialize(accountKey: ZendeskChatFixture.accountKey.revealed)
        let connection = await simulator.connect(jwt: token, visitorInfo: nil)
        #expect(adapterVerdict == expected, "adapter on \(label)")
        #expect(connection.failure?.reason == expected, "simulator on \(label)")
        #expect(connection.visitor.isAuthenticated == (expected == nil))
    }
}
