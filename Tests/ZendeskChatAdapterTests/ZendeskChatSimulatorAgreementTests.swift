import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter

/// The adapter's verifier and the independently written simulator must agree on every check.
@Suite("Zendesk Chat verifier and simulator agree")
struct ZendeskChatSimulatorAgreementTests {
    static let start = ChatFixture.start

    static let cases: [(String, String, ZendeskChatFailureReason?)] = [
        ("valid", ChatFixture.token(ChatFixture.claims()), nil),
        ("no exp", ChatFixture.token(ChatFixture.claims(exp: nil)), nil),
        ("malformed", "not.a.jwt", .tokenMalformed),
        ("wrong secret", ChatFixture.token(ChatFixture.claims(), secret: ChatFixture.otherSecret), .signatureInvalid),
        ("no name", ChatFixture.token(ChatFixture.claims(["name": .null])), .nameInvalid),
        ("bad email", ChatFixture.token(ChatFixture.claims(["email": "x@y"])), .emailInvalid),
        ("no external_id", ChatFixture.token(ChatFixture.claims(["external_id": .null])), .claimMissing),
        ("external_id 200", ChatFixture.token(ChatFixture.claims(["external_id": .string(String(repeating: "z", count: 200))])), nil),
        (
            "external_id 201", ChatFixture.token(ChatFixture.claims(["external_id": .string(String(repeating: "z", count: 201))])),
            .externalIdTooLong
        ),
        ("iat +120", ChatFixture.token(ChatFixture.claims(iat: start + 120, exp: start + 400)), nil),
        ("iat +121", ChatFixture.token(ChatFixture.claims(iat: start + 121, exp: start + 400)), .issuedInFuture),
        ("lifetime 420", ChatFixture.token(ChatFixture.claims(exp: start + 420)), nil),
        ("lifetime 421", ChatFixture.token(ChatFixture.claims(exp: start + 421)), .lifetimeTooLong),
        ("expired", ChatFixture.token(ChatFixture.claims(iat: start - 300, exp: start)), .tokenExpired),
        ("exp before iat", ChatFixture.token(ChatFixture.claims(exp: start - 1)), .claimInvalid),
    ]

    @Test("same verdict for each token", arguments: 0..<cases.count)
    func agree(index: Int) async throws {
        let (label, token, expected) = Self.cases[index]
        let clock = ManualClock(unixSeconds: Self.start)
        let adapterVerdict: ZendeskChatFailureReason?
        switch ZendeskChatTokenValidator(secret: ChatFixture.secret).check(token, now: Self.start, boundExternalId: nil) {
        case .success: adapterVerdict = nil
        case .failure(let failure): adapterVerdict = failure.reason
        }
        let simulator = ZendeskChatSimulator(accountKey: ChatFixture.accountKey, sharedSecret: ChatFixture.secret, clock: clock)
        await simulator.initialize(accountKey: ChatFixture.accountKey)
        let connection = await simulator.connect(jwt: token, visitorInfo: nil)
        #expect(adapterVerdict == expected, "adapter on \(label)")
        #expect(connection.failure?.reason == expected, "simulator on \(label)")
        #expect(connection.visitor.isAuthenticated == (expected == nil))
    }
}
