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

/// Helpshift's Identity System and its event values, through the bridge. In the one serialized suite: the stand-in
/// SDK is global.
extension HelpshiftBridgeTests {
    /// An identities JWT for `uid` (the stand-in reads the payload only).
    nonisolated func identitiesJWT(_ uid: String) -> String {
        unsignedJWT(["identities": [["identifier": "uid", "value": uid]], "iat": now])
    }

    /// On the Identity System, the re-login at `userSessionExpired` (and `refreshUserCredentials`) is
    /// `loginWithIdentity` with a fresh identities JWT, never the legacy `loginUser`; after it the SDK stops
    /// sending `userSessionExpired` at each foreground.
    @Test(arguments: [HelpshiftEventUserSessionExpired, HelpshiftEventRefreshUserCredentials])
    func anIdentitySystemAppLogsInAgainWithLoginWithIdentity(_ event: String) async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        let asked = Counter()
        let helpshift = try await HelpshiftBridge.logIn(platformId: "platform-id", domain: "example.helpshift.com", identitySystem: true) {
            .jwt(identitiesJWT("u-\(asked.next() + 90)"))
        }
        let legacy = Helpshift.sharedInstance().standIn.logins.count
        let identity = Helpshift.sharedInstance().standIn.identityLogins.count
        #expect(Helpshift.sharedInstance().standIn.loggedInUser == "u-90")
        let recorder = EventRecorder()
        let observation = recorder.record(helpshift.eventHub)
        defer { helpshift.eventHub.cancel(observation) }
        if event == HelpshiftEventUserSessionExpired {
            Helpshift.sharedInstance().standInExpireSession()
        } else {
            Helpshift.sharedInstance().standInSendEvent(event, data: nil)
        }
        #expect(await settle { Helpshift.sharedInstance().standIn.identityLogins.count == identity + 1 }, "no loginWithIdentity")
        #expect(Helpshift.sharedInstance().standIn.logins.count == legacy, "the re-login used the legacy loginUser")
        #expect(Helpshift.sharedInstance().standIn.loggedInUser == "u-91")
        #expect(await settle { recorder.names.contains(.loginSucceeded) }, "\(recorder.names)")
        Helpshift.sharedInstance().standInEnterForeground()
        #expect(!recorder.names.contains(.sessionExpired) || event == HelpshiftEventUserSessionExpired)
        #expect(recorder.names.filter { $0 == .sessionExpired }.count <= 1, "userSessionExpired again after the fresh login")
    }

    /// The attribute events arrive with the values HelpshiftX 10.4.1's constants hold (`appAttributesSyncFailed`,
    /// not `updateAppAttributesSyncFailed`): the provider recognises them, so a failed sync is its error.
    @Test(arguments: [false, true])
    func anAttributeSyncFailureReachesTheProvider(_ master: Bool) async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        let helpshift = HelpshiftProvider(port: HelpshiftBridge(), identitySystem: true)
        _ = try await helpshift.login(credential: .jwt(identitiesJWT("u-95")))
        Helpshift.sharedInstance().standIn.failNextAttributesSync = true
        let (events, error) = await eventsOf(helpshift.eventHub) {
            if master {
                try await helpshift.updateMasterAttributes(["first_name": "Ann"])
            } else {
                try await helpshift.updateAppAttributes(["plan": "gold"])
            }
        }
        #expect(error?.code == .syncFailed, "\(String(describing: error))")
        let constant = master ? "HelpshiftEventUpdateMasterAttributesSyncFailed" : "HelpshiftEventUpdateAppAttributesSyncFailed"
        #expect(error?.vendorCode == constant)
        #expect(!events.map(\.name).contains(.attributesUpdated))
    }

    /// `HelpshiftEventAttributesDataInvalid` ("attributesDataInvalid") is an `attributes_rejected`, not a vendor event.
    @Test func attributesDataInvalidIsRecognised() async throws {
        Helpshift.install(withPlatformId: "platform-id", domain: "example.helpshift.com", config: nil)
        let helpshift = HelpshiftProvider(port: HelpshiftBridge(), identitySystem: true)
        let events = try await helpshift.handleVendorEvent(name: HelpshiftEventAttributesDataInvalid, data: .object([:]))
        #expect(events.map(\.name) == [.attributesRejected])
        #expect(events.first?.error?.vendorCode == "HelpshiftEventAttributesDataInvalid")
    }
}
