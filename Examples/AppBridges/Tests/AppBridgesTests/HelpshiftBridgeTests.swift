import HelpshiftBridge
import HelpshiftSession
import HelpshiftX
import IdentityBridgeClient
import Testing

@Suite(.serialized) @MainActor struct HelpshiftBridgeTests {
    let ann = Credential(fields: ["userId": "u-42", "userEmail": "ann@example.com", "userName": "Ann", "userAuthToken": "digest-42"])

    @Test func theProviderLogsInThroughLogin() async throws {
        let helpshift = try await HelpshiftBridge.logIn(
            platformId: "platform-id", domain: "example.helpshift.com", credentials: { [ann] in ann })
        let userData = try #require(Helpshift.sharedInstance().standIn.logins.last)
        #expect(userData["userId"] as? String == "u-42")
        #expect(userData["userAuthToken"] as? String == "digest-42")
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
}
