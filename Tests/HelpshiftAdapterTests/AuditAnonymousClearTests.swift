import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// Audit: "If shouldClear is true – anonymous users are cleared whenever any user logs in."
@Suite("Helpshift audit: anonymous_user_cleared whenever the SDK clears the anonymous user")
struct AuditAnonymousClearTests {
    typealias F = HelpshiftFixture

    @Test("\"cleared whenever any user logs in\": also when a logged-in user is replaced, the kept anonymous user is reported cleared")
    func clearedFromLoggedInUser() async throws {
        let h = try F.harness()
        try await h.provider.sendMessage("anonymous question")
        let anonymous = try #require(await h.provider.currentUser())
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(await h.simulator.hasAnonymousUser())
        try await h.provider.setOption("clear_anonymous_user_on_login", to: true)
        _ = h.recorder.drain()
        _ = try await h.provider.login(UserIdentity(userId: "u-2"))
        #expect(await h.simulator.hasAnonymousUser() == false)
        #expect(h.recorder.names == [.loggedOut, .anonymousUserCleared, .loginSucceeded])
        let cleared = h.recorder.events.first { $0.name == .anonymousUserCleared }
        if case .user(let user) = cleared?.payload { #expect(user.vendorUserId == anonymous.vendorUserId) } else { Issue.record("payload") }
        // Reported once: nothing is left to clear at the next login.
        _ = h.recorder.drain()
        _ = try await h.provider.login(UserIdentity(userId: "u-3"))
        #expect(!h.recorder.names.contains(.anonymousUserCleared))
    }

    @Test("\"cleared whenever any user logs in\": an Identity System login clears it too")
    func clearedByIdentityLogin() async throws {
        let h = try F.harness(["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}", "clear_anonymous_user_on_login: true"])
        try await h.provider.sendMessage("anonymous question")
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(await h.simulator.hasAnonymousUser() == false)
        #expect(h.recorder.names.contains(.anonymousUserCleared))
    }

    @Test("a failed login (invalid identifiers) clears nothing and reports nothing cleared")
    func failedLoginClearsNothing() async throws {
        let h = try F.harness(["clear_anonymous_user_on_login: true"])
        try await h.provider.sendMessage("anonymous question")
        _ = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userId": " spaced "])) }
        #expect(await h.simulator.hasAnonymousUser())
        #expect(!h.recorder.names.contains(.anonymousUserCleared))
    }
}
