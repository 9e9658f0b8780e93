import HelpshiftBridge
import HelpshiftSession
import HelpshiftX
import IdentityBridgeClient
import Testing

@Suite(.serialized) @MainActor struct HelpshiftBridgeTests {
    let ann = Credential(fields: ["userId": "u-42", "userEmail": "ann@example.com", "userName": "Ann", "userAuthToken": "digest-42"])

    @Test func theProviderLogsInThroughLoginUser() async throws {
        let helpshift = try await HelpshiftBridge.logIn(
            platformId: "platform-id", domain: "example.helpshift.com", credentials: { [ann] in ann })
        let userData = try #require(Helpshift.sharedInstance().standIn.logins.last)
        #expect(userData[HelpshiftUserIdentifier] == "u-42")
        #expect(userData[HelpshiftUserAuthToken] == "digest-42")
        #expect(Helpshift.sharedInstance().standIn.loggedInUser == "u-42")
        let user = try #require(await helpshift.currentUser())
        #expect(user.externalId == "u-42")
        #expect(user.name == "Ann")
        #expect(user.isAuthenticated)
    }

    @Test func aWrongAuthTokenIsTokenInvalid() async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        Helpshift.sharedInstance().standIn.identityVerification = true
        Helpshift.sharedInstance().standIn.validAuthTokens = ["digest-other"]
        defer { Helpshift.sharedInstance().standIn.identityVerification = false }
        let helpshift = HelpshiftProvider(port: HelpshiftBridge())
        let error = await #expect(throws: IdentityError.self) { try await helpshift.login(credentialSource: { [ann] in ann }) }
        #expect(error?.code == .tokenInvalid)
        #expect(error?.vendorCode == "HelpshiftAuthenticationFailureReasonInvalidAuthToken")
        #expect(await helpshift.currentUser()?.isAuthenticated == false)
    }

    @Test func invalidIdentifiersAreRefused() async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        let helpshift = HelpshiftProvider(port: HelpshiftBridge())
        let blank = Credential(fields: ["userId": " u-42 "])
        await #expect(throws: IdentityError.self) { try await helpshift.login(credentialSource: { blank }) }
        #expect(await helpshift.currentUser()?.isAnonymous == true)
    }

    /// `HelpshiftEventUserSessionExpired` (and `HelpshiftEventRefreshUserCredentials`) lead to a fresh
    /// login with a new credential from the source (asked after a refusal, so never the expired one).
    @Test(arguments: [HelpshiftEventUserSessionExpired, HelpshiftEventRefreshUserCredentials])
    func aSessionEventLeadsToAFreshLogin(_ event: String) async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        let asked = Counter()
        let refusals = Counter()
        let helpshift = try await HelpshiftBridge.logIn(platformId: "platform-id", domain: "example.helpshift.com") {
            if CredentialSourceCall.replacesRefused { _ = refusals.next() }
            return Credential(fields: ["userId": .string("u-\(asked.next() + 50)"), "userAuthToken": "digest"])
        }
        let logins = Helpshift.sharedInstance().standIn.logins.count
        Helpshift.sharedInstance().standInSendEvent(event, data: nil)
        #expect(await settle { Helpshift.sharedInstance().standIn.logins.count == logins + 1 })
        #expect(asked.value == 2)
        #expect(refusals.value == 1, "the refresh asked the source as after a refusal")
        #expect(Helpshift.sharedInstance().standIn.loggedInUser == "u-51")
        _ = helpshift
    }

    /// Both user-identity events of the header are mapped to uniform events, with the SDK's own values.
    @Test func theUserIdentityEventsAreMapped() async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        let helpshift = HelpshiftProvider(port: HelpshiftBridge())
        for name in [HelpshiftEventUserIdentityNotEnabled, HelpshiftEventAddUserIdentitiesSyncFailed] {
            let events = try await helpshift.handleVendorEvent(name: name, data: .object([:]))
            #expect(!events.isEmpty, "\(name) maps to no uniform event")
        }
    }
}
