import Foundation
import IdentityBridgeClient
import MessagingBridge
import Testing
import ZendeskMessagingSession
@preconcurrency import ZendeskSDK
import ZendeskSDKConversationKit
import ZendeskSDKHTTPClient

@Suite(.serialized) @MainActor struct MessagingBridgeTests {
    @Test func theProviderLogsInThroughLoginUser() async throws {
        let token = unsignedJWT(["external_id": "u-42", "name": "Ann", "scope": "user", "exp": now + 600])
        let messaging = try await MessagingBridge.logIn(channelKey: "channel-key", credentials: { .jwt(token) })
        #expect(Zendesk.instance?.standIn.loginCalls.last == token)
        #expect(Zendesk.instance?.getCurrentUser()?.authenticationType == .jwt)
        let user = try #require(await messaging.currentUser())
        #expect(user.externalId == "u-42")
        #expect(user.vendorUserId == "zd-u-42")
        #expect(user.isAuthenticated)
    }

    /// `ConversationKitError.expiredJWT` is recognised by its type (not its message): `token_expired`.
    @Test func anExpiredJWTIsTokenExpiredAndNoUserIsAuthenticated() async throws {
        _ = try await Zendesk.initialize(withChannelKey: "channel-key", messagingFactory: nil)
        let expired = unsignedJWT(["external_id": "u-43", "scope": "user", "exp": now - 60])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        let error = await #expect(throws: IdentityError.self) { try await messaging.login(credentialSource: { .jwt(expired) }) }
        #expect(error?.code == .tokenExpired)
        #expect(error?.vendorCode == "expiredJWT")
        #expect(Zendesk.instance?.standIn.loginCalls.last == expired)
        #expect(await messaging.currentUser()?.isAuthenticated != true)
    }

    /// The SDK's own refresh path: when its backend refuses the session, `Zendesk.authenticationDelegate`'s
    /// `onInvalidAuth(error:completion:)` is answered with a fresh JWT from the credential client (after a
    /// refusal the source never hands the refused JWT back), and the SDK logs in with it.
    @Test func onInvalidAuthIsAnsweredWithAFreshJWTFromTheCredentialSource() async throws {
        let service = MintingTransport(lifetime: 3_600)
        let client = client(service)
        let reference = ProviderReference(kind: "zendesk-messaging", name: "messaging")
        let messaging = try await MessagingBridge.logIn(
            channelKey: "channel-key", credentials: client.credentialSource(for: ann, from: reference))
        #expect(service.requests == 1)
        let first = try #require(Zendesk.instance?.standIn.loginCalls.last)
        var events = messaging.eventHub.stream().makeAsyncIterator()

        let answered = Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0
        Zendesk.instance?.standInRejectSession()
        let event = try #require(await events.next())
        #expect(event.name == .credentialsRefreshRequested)
        try #require(await settle { Zendesk.instance?.standIn.jwtsFromDelegate.count == answered + 1 })
        let renewed = try #require(Zendesk.instance?.standIn.jwtsFromDelegate.last)
        #expect(service.requests == 2)
        #expect(jti(renewed) != jti(first), "the delegate got back the JWT the SDK refused")
        #expect(Zendesk.instance?.standIn.loginCalls.last == renewed)
        #expect(await messaging.currentUser()?.externalId == "u-42")
    }

    /// The same, against a real `identity-server` on loopback: the SDK's `onInvalidAuth` receives a JWT the
    /// service minted after the refusal (a second request), signed with the configuration's Messaging key.
    @Test(.enabled(if: IdentityServerProcess.binary != nil, "set IDENTITY_SERVER_BIN (.ci/bridges.sh does)"))
    func onInvalidAuthReceivesAFreshJWTFromARealIdentityServer() async throws {
        let server = try IdentityServerProcess()
        defer { server.stop() }
        let transport = CountingTransport(URLSessionTransport())
        let client = CredentialClient(
            configuration: .init(baseURL: server.url, app: "demo", transport: transport),
            proof: { _ in .apiKey(IdentityServerProcess.demoAPIKey) })
        let reference = ProviderReference(kind: "zendesk-messaging")
        let messaging = try await MessagingBridge.logIn(
            channelKey: "channel-key", credentials: client.credentialSource(for: ann, from: reference))
        #expect(transport.requests == 1)
        let first = try #require(Zendesk.instance?.standIn.loginCalls.last)
        #expect(payload(of: first)?["external_id"] as? String == "u-42")

        let answered = Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0
        Zendesk.instance?.standInRejectSession()
        var waited = 0
        while (Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0) == answered, waited < 1_000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        let renewed = try #require(Zendesk.instance?.standIn.jwtsFromDelegate.last, "onInvalidAuth was not answered within 10 s")
        #expect(transport.requests == 2, "the delegate's JWT was minted after the refusal, not taken from the cache")
        #expect(payload(of: renewed)?["external_id"] as? String == "u-42")
        #expect(header(of: renewed)?["kid"] as? String == "app_dev_only_key_id_0123456789abcdef")
        #expect(Zendesk.instance?.standIn.loginCalls.last == renewed)
        #expect(await messaging.currentUser()?.isAuthenticated == true)
    }

    /// Logout: `logoutUser()`, then `Zendesk.invalidate(true)` deletes the SDK's stored data, and the SDK is
    /// initialized again for the next login; the delegate is answered by no one.
    @Test func logoutLogsOutAndClearsTheSDKsStorage() async throws {
        let token = unsignedJWT(["external_id": "u-44", "scope": "user"])
        let messaging = try await MessagingBridge.logIn(channelKey: "channel-key", credentials: { .jwt(token) })
        let before = Zendesk.instance
        try await messaging.logout()
        #expect(Zendesk.instance != nil, "initialized again")
        #expect(Zendesk.instance !== before, "the old instance was invalidated")
        #expect(Zendesk.instance?.getCurrentUser() == nil)
        #expect(await messaging.currentUser() == nil)
        let next = unsignedJWT(["external_id": "u-49", "scope": "user"])
        try await messaging.login(credentialSource: { .jwt(next) })
        #expect(await messaging.currentUser()?.externalId == "u-49")
    }
}

/// The `HTTPError` cases a REST call of the SDK can carry in `ConversationKitError.httpError`, with the uniform code
/// the provider throws and whether the SDK refused the credentials.
enum MessagingHTTPFailure: String, CaseIterable, Sendable {
    case noResponse, requestFailed, status401, status403, status500, status503, status404, badRequest

    var error: ConversationKitError {
        let httpError: HTTPError
        switch self {
        case .noResponse: httpError = .noResponse
        case .requestFailed: httpError = .requestFailed(error: URLError(.timedOut))
        case .status401: return Zendesk.standInHTTPError(statusCode: 401)
        case .status403: return Zendesk.standInHTTPError(statusCode: 403)
        case .status500: return Zendesk.standInHTTPError(statusCode: 500)
        case .status503: return Zendesk.standInHTTPError(statusCode: 503)
        case .status404: return Zendesk.standInHTTPError(statusCode: 404)
        case .badRequest: httpError = .badRequest
        }
        return .httpError(description: httpError.localizedDescription, httpError: httpError)
    }

    var code: IdentityError.Code {
        switch self {
        case .noResponse, .requestFailed, .status500, .status503: .networkError
        case .status401, .status403: .tokenInvalid
        case .status404, .badRequest: .unknown
        }
    }

    var refused: Bool { code == .tokenInvalid }
}

/// The vendor's behaviours the Messaging bridge must follow (Interfaces/NOTES-messaging.md): `ConversationKitError
/// .httpError` by its `HTTPError` case, and `AuthenticationDelegate`'s contract. In the one serialized suite: the
/// stand-in SDK is global.
extension MessagingBridgeTests {
    /// A new SDK instance, with no user and no delegate left by an earlier test.
    func freshSDK() async throws {
        Zendesk.invalidate(true)
        _ = try await Zendesk.initialize(withChannelKey: "channel-key", messagingFactory: nil)
        Zendesk.authenticationDelegate = nil
    }

    /// `httpError` is "a network error" (ZendeskSDKConversationKit 14.0.1's DocC): only 401 and 403 are a refusal
    /// of the credentials; no response, a failed request and a 5xx are `network_error`, so an app that logs the
    /// user out on a refusal does not do so on a lost connection.
    @Test(arguments: MessagingHTTPFailure.allCases)
    func anHTTPErrorIsMappedByItsCase(_ failure: MessagingHTTPFailure) async throws {
        try await freshSDK()
        let jwt = unsignedJWT(["external_id": "u-60", "scope": "user", "exp": now + 600])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        Zendesk.instance?.standIn.refuseNextLogin = failure.error
        let (events, error) = await eventsOf(messaging.eventHub) { try await messaging.login(credentialSource: { .jwt(jwt) }) }
        #expect(error?.code == failure.code, "\(failure): \(String(describing: error))")
        #expect(failure.refused || error?.code != .tokenInvalid, "a network failure read as a refusal")
        // The failure table: a refusal is authentication_failed then login_failed; a network or unexplained
        // failure is login_failed alone.
        expectFailureEvents(events, thrown: error, vendorRefused: failure.refused)
    }

    /// Offline, the SDK's `loginUser` fails with `httpError(.requestFailed)`: `network_error`, promptly.
    @Test func aLoginOfflineIsANetworkErrorNotARefusal() async throws {
        try await freshSDK()
        Zendesk.instance?.standIn.offline = true
        defer { Zendesk.instance?.standIn.offline = false }
        let jwt = unsignedJWT(["external_id": "u-61", "scope": "user", "exp": now + 600])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        let (events, error) = await eventsOf(messaging.eventHub) { try await messaging.login(credentialSource: { .jwt(jwt) }) }
        #expect(error?.code == .networkError)
        #expect(error?.vendorCode == ZendeskMessagingVendorCode.networkError)
        // The failure table's network row: login_failed alone.
        expectFailureEvents(events, thrown: error, vendorRefused: false)
    }

    /// Without a renewal (no credential source) the bridge is not the SDK's delegate, so the SDK takes its own
    /// path ("Authentication Delegate not set"): it sends `authenticationFailed`, which the provider reports.
    @Test func withoutARenewalTheSDKsOwnPathReportsTheRefusal() async throws {
        try await freshSDK()
        let jwt = unsignedJWT(["external_id": "u-62", "scope": "user", "exp": now + 600])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        _ = try await messaging.login(credential: .jwt(jwt))
        #expect(Zendesk.authenticationDelegate == nil, "the bridge is the delegate with nothing to answer")
        let recorder = EventRecorder()
        let observation = recorder.record(messaging.eventHub)
        defer { messaging.eventHub.cancel(observation) }
        let before = Zendesk.instance?.standIn.delegateNotSet ?? 0
        Zendesk.instance?.standInRejectSession()
        #expect(Zendesk.instance?.standIn.delegateNotSet == before + 1)
        #expect(Zendesk.instance?.standIn.unansweredDelegateRequests == 0)
        #expect(await settle { recorder.names.contains(.authenticationFailed) }, "\(recorder.names)")
        #expect(recorder.events.first { $0.name == .authenticationFailed }?.error?.code == .tokenExpired)
    }

    /// A renewal whose credential source fails still answers every `onInvalidAuth` (with no JWT): the SDK counts a
    /// failed fetch, asks again up to its maximum, then reports `authenticationFailed`; no request is left waiting.
    @Test func aRenewalThatFailsAnswersEveryRequest() async throws {
        try await freshSDK()
        let jwt = unsignedJWT(["external_id": "u-63", "scope": "user", "exp": now + 600])
        let calls = Counter()
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        try await messaging.login(credentialSource: { () async throws(IdentityError) -> Credential in
            guard calls.next() == 0 else { throw IdentityError(.networkError, message: "The token service is unreachable.") }
            return .jwt(jwt)
        })
        #expect(Zendesk.authenticationDelegate != nil, "a renewal is set: the bridge is the delegate")
        let recorder = EventRecorder()
        let observation = recorder.record(messaging.eventHub)
        defer { messaging.eventHub.cancel(observation) }
        let answered = Zendesk.instance?.standIn.jwtsFromDelegate.count ?? 0
        Zendesk.instance?.standInRejectSession()
        let retries = Zendesk.standInDelegateMaxRetries
        #expect(await settle { Zendesk.instance?.standIn.jwtsFromDelegate.count == answered + retries }, "onInvalidAuth left unanswered")
        #expect(Zendesk.instance?.standIn.unansweredDelegateRequests == 0)
        #expect(Zendesk.instance?.standIn.jwtsFromDelegate.suffix(retries).allSatisfy(\.isEmpty) == true)
        #expect(calls.value == 1 + retries)
        // The failure table: each refresh whose source fails is login_failed; the SDK's own refusal after its last
        // retry is the one authentication_failed.
        #expect(await settle { recorder.names.filter { $0 == .loginFailed }.count == retries }, "\(recorder.names)")
        #expect(await settle { recorder.names.filter { $0 == .authenticationFailed }.count == 1 }, "\(recorder.names)")
        #expect(await messaging.currentUser()?.isAuthenticated == false)
    }

    /// Logout clears the renewal: the bridge stops being the SDK's delegate.
    @Test func afterLogoutTheBridgeIsNoLongerTheDelegate() async throws {
        try await freshSDK()
        let jwt = unsignedJWT(["external_id": "u-64", "scope": "user", "exp": now + 600])
        let messaging = ZendeskMessagingProvider(port: MessagingBridge(channelKey: "channel-key"))
        try await messaging.login(credentialSource: { .jwt(jwt) })
        #expect(Zendesk.authenticationDelegate != nil)
        try await messaging.logout()
        #expect(await settle { Zendesk.authenticationDelegate == nil })
    }
}

/// Polls `condition` on the main actor (yielding, never sleeping) up to 10,000 times.
@MainActor func settle(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
