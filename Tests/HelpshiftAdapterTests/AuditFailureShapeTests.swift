import Foundation
import HelpshiftAdapter
import IdentityBridge
import Synchronization
import Testing

/// A port standing for an SDK that refuses every identifier and holds no user: paths the simulator
/// never takes, so the adapter's own fallbacks are exercised.
final class RefusingPort: HelpshiftSDKPort {
    let loginResult: Bool
    init(loginResult: Bool) { self.loginResult = loginResult }
    func setDelegate(_ delegate: HelpshiftDelegate?) {}
    func login(_ userData: [String: String]) async -> Bool { loginResult }
    func logout() async {}
    func clearAnonymousUserOnLogin(_ shouldClear: Bool) async {}
    func loginWithIdentity(_ jwt: String, config: [String: JSONValue]) async -> HelpshiftIdentityLoginResult { .success }
    func addUserIdentities(_ jwt: String) async {}
    func updateAppAttributes(_ attributes: [String: JSONValue]) async {}
    func updateMasterAttributes(_ attributes: [String: JSONValue]) async {}
    func requestUnreadMessageCount(fromServer: Bool) async {}
    func appDidEnterForeground() async {}
    func sendMessage(_ text: String) async -> HelpshiftSendResult { .sent(issueId: "1", publishId: "1") }
    func currentUser() async -> HelpshiftPortUser? { nil }
}

/// Audit: "every failure says which field broke which vendor rule and how to fix it", also on the
/// adapter's fallback paths.
@Suite("Helpshift audit: every failure has a code, field, message and recovery")
struct AuditFailureShapeTests {
    typealias F = HelpshiftFixture

    static func complete(_ error: IdentityError?) -> Bool {
        guard let error else { return false }
        return !error.message.isEmpty && !(error.recovery ?? "").isEmpty && error.provider != nil
    }

    @Test("an SDK that refuses identifiers the issuer accepts: invalid_identifier with field and recovery")
    func refusedIdentifiers() async {
        let provider = HelpshiftProvider(
            issuer: F.issuer(F.settings(verification: false)), port: RefusingPort(loginResult: false),
            clock: FixedClock(unixSeconds: F.start))
        let error = await F.asyncError { try await provider.login(UserIdentity(userId: "u-1")) }
        #expect(error?.code == .invalidIdentifier)
        #expect(error?.field == "userId")
        #expect(Self.complete(error))
    }

    @Test("an SDK that reports success but holds no user: unknown_error with recovery, legacy and Identity System")
    func noUserAfterLogin() async {
        let port = RefusingPort(loginResult: true)
        let legacy = HelpshiftProvider(
            issuer: F.issuer(F.settings(verification: false)), port: port, clock: FixedClock(unixSeconds: F.start))
        #expect(Self.complete(await F.asyncError { try await legacy.login(UserIdentity(userId: "u-1")) }))
        let identity = HelpshiftProvider(
            issuer: F.issuer(F.settings(verification: false, identitySystem: true)), port: port, clock: FixedClock(unixSeconds: F.start))
        #expect(Self.complete(await F.asyncError { try await identity.login(identitiesJWT: "") }))
        #expect(Self.complete(await F.asyncError { try await identity.requestUnreadMessageCount(fromServer: true) }))
    }

    @Test("a per-key failure event with reasons Helpshift does not document still carries a recovery")
    func unknownPerKeyReason() throws {
        for name in [
            "HelpshiftEventUpdateAppAttributesValidationFailed", "HelpshiftIdentitiesDataInvalid",
            "HelpshiftEventAddUserIdentitiesSyncFailed",
        ] {
            let event = try HelpshiftEventMapper.map(
                name: name, data: ["k": "HelpshiftSomethingNew"], provider: F.reference, timestamp: Date(timeIntervalSince1970: 0))
            guard case .fields(let fields) = event.first?.payload, let json = fields["error"] else {
                Issue.record("fields")
                continue
            }
            #expect(json["recovery"]?.stringValue?.isEmpty == false, "\(name)")
            #expect(json["field"] == "k")
        }
    }
}
