import Foundation
import IdentityBridgeClient
import SupportBridge
import Testing
import ZendeskCoreSDK
import ZendeskSupportSession

@Suite(.serialized) @MainActor struct SupportBridgeTests {
    @Test func theProviderSetsTheJWTIdentity() async throws {
        let support = try await SupportBridge.logIn(
            appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com",
            credentials: { Credential(fields: ["user_token": "ut-42"]) })
        #expect(Zendesk.instance?.standIn.identities.last?.standInToken == "ut-42")
        #expect(Zendesk.instance?.identity?.standInToken == "ut-42")
        let user = try #require(await support.currentUser())
        #expect(user.isAuthenticated)
        #expect(!user.isAnonymous)
    }

    @Test func aTokenTheJWTEndpointRefusesIsTokenInvalid() async throws {
        Zendesk.initialize(appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com")
        Zendesk.instance?.standIn.refusedTokens.insert("ut-unknown")
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        let error = await #expect(throws: IdentityError.self) {
            try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-unknown"]) })
        }
        #expect(error?.code == .tokenInvalid)
        #expect(Zendesk.instance?.standIn.identities.last?.standInToken == "ut-unknown")
        #expect(await support.currentUser() == nil)
    }

    /// The SDK posts `DispatcherNotifications.UnauthorizedNotificationName` on an HTTP 401 to any request:
    /// the provider reports it as the uniform `authentication_failed` (`token_invalid`, vendor code
    /// `ZDKUnauthorized`); after logout the notification reaches no one.
    @Test func theUnauthorizedNotificationIsTheUniformEvent() async throws {
        let support = try await SupportBridge.logIn(
            appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com",
            credentials: { Credential(fields: ["user_token": "ut-43"]) })
        var events = support.eventHub.stream().makeAsyncIterator()
        Zendesk.instance?.standInRespondUnauthorized()
        let event = try #require(await events.next())
        #expect(event.name == .authenticationFailed)
        guard case .failure(let error) = event.payload else {
            Issue.record("authentication_failed carries no error: \(event.payload)")
            return
        }
        #expect(error.code == .tokenInvalid)
        #expect(error.vendorCode == "ZDKUnauthorized")
        try await support.logout()
        var after = support.eventHub.stream().makeAsyncIterator()
        Zendesk.instance?.standInRespondUnauthorized()
        try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-44"]) })
        #expect(await after.next()?.name != .authenticationFailed)
    }
}

/// The Support SDK's behaviours the bridge must follow (Interfaces/NOTES-support.md): the identity type is fixed by
/// the account's Mobile SDK setting, and a refusal is the unauthorized notification, not an error code. In the one
/// serialized suite: the stand-in SDK is global.
extension SupportBridgeTests {
    /// The SDK initialized, with the account's setting and no network trouble.
    func account(jwt: Bool) {
        Zendesk.initialize(appId: "app-id", clientId: "client-id", zendeskUrl: "https://example.zendesk.com")
        Zendesk.instance?.standIn.jwtAuthentication = jwt
        Zendesk.instance?.standIn.offline = false
    }

    /// Logout in an app whose account takes JWT identities leaves a JWT identity that names no user, never an
    /// anonymous one; in an anonymous account, a new anonymous identity.
    @Test func logoutKeepsTheIdentityTypeOfTheAccount() async throws {
        account(jwt: true)
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-80"]) })
        try await support.logout()
        #expect(Zendesk.instance?.identity?.type == .jwt, "logout set an identity of the other type")
        #expect(Zendesk.instance?.identity?.standInToken == "", "the previous user's token is still the SDK's")
        #expect(await support.currentUser() == nil)

        account(jwt: false)
        defer { account(jwt: true) }
        let anonymous = ZendeskSupportProvider(auth: .anonymous, port: SupportBridge())
        try await anonymous.login(credentialSource: { Credential(fields: ["anonymous": ["name": "Ann"]]) })
        try await anonymous.logout()
        #expect(Zendesk.instance?.identity?.type == .anonymous)
        #expect(Zendesk.instance?.identity?.standInToken == nil)
    }

    /// Zendesk's refusal is the unauthorized notification the SDK posts on the HTTP 401 (`token_invalid`, vendor
    /// code `ZDKUnauthorized`), whatever the callback's error says.
    @Test func aRefusalIsTheUnauthorizedNotification() async throws {
        account(jwt: true)
        Zendesk.instance?.standIn.refusedTokens.insert("ut-81")
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        let (events, error) = await eventsOf(support.eventHub) {
            try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-81"]) })
        }
        #expect(error?.code == .tokenInvalid)
        #expect(error?.vendorCode == "ZDKUnauthorized")
        // The failure table's refusal row: authentication_failed, then login_failed.
        expectFailureEvents(events, thrown: error, vendorRefused: true)
    }

    /// Offline the request fails with a Foundation URL error: `network_error`, not a refusal.
    @Test func aLoginOfflineIsANetworkError() async throws {
        account(jwt: true)
        Zendesk.instance?.standIn.offline = true
        defer { Zendesk.instance?.standIn.offline = false }
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        let (events, error) = await eventsOf(support.eventHub) {
            try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-82"]) })
        }
        #expect(error?.code == .networkError)
        #expect(error?.vendorCode == "\(NSURLErrorDomain).\(NSURLErrorNotConnectedToInternet)")
        expectFailureEvents(events, thrown: error, vendorRefused: false)
    }

    /// An identity type the account does not take (a JWT app on an anonymous account): the SDK's error is not
    /// documented, so it is `unknown_error` with the error's domain and code as the vendor code, and not read as
    /// an HTTP status (the stand-in's error has code 403).
    @Test func aModeMismatchIsNotReadAsAnHTTPStatus() async throws {
        account(jwt: false)
        defer { account(jwt: true) }
        let support = ZendeskSupportProvider(auth: .jwt, port: SupportBridge())
        let (events, error) = await eventsOf(support.eventHub) {
            try await support.login(credentialSource: { Credential(fields: ["user_token": "ut-83"]) })
        }
        #expect(error?.code == .unknown)
        #expect(error?.vendorCode == "ZendeskCoreSDK.403")
        #expect(error?.recovery?.contains("Mobile SDK setting") == true)
        expectFailureEvents(events, thrown: error, vendorRefused: false)
    }
}
