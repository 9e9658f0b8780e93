import ChatBridge
import ChatProvidersSDK
import IdentityBridgeClient
import Testing
import ZendeskChatSession

@Suite(.serialized) @MainActor struct ChatBridgeTests {
    @Test func theProviderLogsInThroughTheAuthenticator() async throws {
        Chat.instance?.resetIdentity(nil)
        let token = unsignedJWT(["external_id": "u-42", "name": "Ann", "email": "ann@example.com", "iat": now])
        let chat = try await ChatBridge.logIn(accountKey: "account-key", credentials: { .jwt(token) })
        #expect(Chat.instance?.standIn.accountKey == "account-key")
        #expect(Chat.instance?.standIn.tokensReceived.last == token)
        #expect(Chat.hasIdentity)
        let user = try #require(await chat.currentUser())
        #expect(user.externalId == "u-42")
        #expect(user.email == "ann@example.com")
        #expect(user.isAuthenticated)
    }

    /// The SDK's own re-connect asks its authenticator again: a credential client's source answers from
    /// its cache while the JWT is fresh (no request); after `NotificationAuthenticationFailed`, the next
    /// connect gets a new JWT, never the refused one.
    @Test func aReconnectIsServedFromTheCacheAndARefusalGetsANewToken() async throws {
        Chat.instance?.resetIdentity(nil)
        let service = MintingTransport()
        let client = client(service)
        let reference = ProviderReference(kind: "zendesk-chat", name: "chat")
        let chat = try await ChatBridge.logIn(accountKey: "account-key", credentials: client.credentialSource(for: ann, from: reference))
        #expect(service.requests == 1)
        let first = try #require(Chat.instance?.standIn.tokensReceived.last)

        try await reconnect()
        #expect(service.requests == 1, "a fresh JWT is answered from the cache")
        #expect(Chat.instance?.standIn.tokensReceived.last == first)

        Chat.instance?.standInPostAuthenticationFailure(.tokenHasExpired("The JWT has expired"))
        #expect(await chat.currentUser()?.isAuthenticated == false)
        try await reconnect()
        #expect(service.requests == 2, "the refused JWT is replaced")
        let second = try #require(Chat.instance?.standIn.tokensReceived.last)
        #expect(jti(second) != jti(first))
        #expect(Chat.hasIdentity)
    }

    @Test func aRefusedTokenFallsBackToAnonymous() async throws {
        Chat.instance?.resetIdentity(nil)
        let token = unsignedJWT(["name": "No external id", "iat": now])
        let chat = ZendeskChatProvider(accountKey: "account-key", port: ChatBridge())
        let error = await #expect(throws: IdentityError.self) { try await chat.login(credentialSource: { .jwt(token) }) }
        #expect(error?.code == .tokenMalformed)
        #expect(Chat.instance?.standIn.tokensReceived.last == token)
        #expect(!Chat.hasIdentity)
        #expect(await chat.currentUser()?.isAnonymous == true)
    }

    /// Every `AuthenticationError` the SDK declares is a failure with a uniform code; the three that say
    /// nothing about the token (server, SDK, network) are not blamed on it: a server or network error is
    /// `network_error` (the backend could not answer), the SDK's internal error `token_missing`.
    @Test func everyAuthenticationErrorIsMapped() async throws {
        Chat.initialize(accountKey: "account-key")
        let cases: [(AuthenticationError, IdentityError.Code)] = [
            (.invalidAccountKey("x"), .invalidAccountKey), (.invalidAccessToken("x"), .tokenMalformed), (.invalidEmail("x"), .invalidEmail),
            (.invalidName("x"), .invalidName), (.invalidSharedSecret("x"), .tokenInvalid), (.tokenHasExpired("x"), .tokenExpired),
            (.externalUserIdHasChanged("x"), .externalIdChanged), (.internalServerError, .networkError), (.internalError, .tokenMissing),
            (.networkError(CancellationError()), .networkError),
        ]
        for (error, code) in cases {
            Chat.instance?.resetIdentity(nil)
            let failure = await Self.failureDuringConnect(error)
            #expect(failure?.identityError().code == code, "\(error)")
        }
    }

    /// The failure a connect reports when the SDK posts `error` during it.
    static func failureDuringConnect(_ error: AuthenticationError) async -> ZendeskChatAuthenticationFailure? {
        let port = ChatBridge()
        let authenticator = ZendeskChatFixedTokenAuthenticator(token: unsignedJWT(["external_id": "u-48", "iat": now]))
        let observation = Chat.connectionProvider?.observeConnectionStatus { status in
            if status == .connecting { Chat.instance?.standInPostAuthenticationFailure(error) }
        }
        defer { observation?.cancel() }
        return await port.connect(authenticator: authenticator, visitorInfo: nil).failure
    }

    @Test func logoutResetsTheIdentityAndClearsTheCache() async throws {
        Chat.instance?.resetIdentity(nil)
        let token = unsignedJWT(["external_id": "u-45", "name": "Eve", "email": "eve@example.com", "iat": now])
        let chat = try await ChatBridge.logIn(accountKey: "account-key", credentials: { .jwt(token) })
        let resets = Chat.instance?.standIn.resetCalls ?? -1
        let clears = Chat.instance?.standIn.clearCacheCalls ?? -1
        try await chat.logout()
        #expect(Chat.instance?.standIn.resetCalls == resets + 1)
        #expect(Chat.instance?.standIn.clearCacheCalls == clears + 1)
        #expect(!Chat.hasIdentity)
        #expect(await chat.currentUser()?.isAnonymous == true)
    }

    /// The connection drops and comes back: the SDK asks its authenticator again.
    func reconnect() async throws {
        let connection = try #require(Chat.connectionProvider)
        connection.disconnect()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            nonisolated(unsafe) var token: ObservationToken?
            token = connection.observeConnectionStatus { status in
                guard status.isConnected, let observation = token else { return }
                observation.cancel()
                token = nil
                done.resume()
            }
            connection.connect()
        }
    }
}

/// The Chat SDK's connection states (ChatProvidersSDK 5.0.5's DocC: `unreachable` "The internet connectivity appears
/// to be offline", `failed` "Failed to reconnect to the web-socket"): a login offline returns promptly with
/// `network_error`, and a connect that never completes is bounded by the bridge's deadline. In the one serialized
/// suite: the stand-in SDK is global.
extension ChatBridgeTests {
    /// The stand-in's network for one test.
    func withNetwork(_ network: Chat.Network, _ body: () async throws -> Void) async throws {
        Chat.initialize(accountKey: "account-key")
        Chat.instance?.resetIdentity(nil)
        Chat.instance?.standIn.network = network
        defer { Chat.instance?.standIn.network = .online }
        try await body()
    }

    @Test(arguments: [Chat.Network.offline, .socketFails])
    func aLoginWithoutTheBackendIsANetworkErrorAtOnce(_ network: Chat.Network) async throws {
        try await withNetwork(network) {
            let token = unsignedJWT(["external_id": "u-70", "name": "Ann", "email": "ann@example.com", "iat": now])
            // A deadline far longer than the test: only the connection's state can end the connect.
            let chat = ZendeskChatProvider(accountKey: "account-key", port: ChatBridge(connectDeadline: .seconds(600)))
            let started = ContinuousClock.now
            let (events, error) = await eventsOf(chat.eventHub) { try await chat.login(credentialSource: { .jwt(token) }) }
            #expect(ContinuousClock.now - started < .seconds(5), "the login waited for the deadline")
            #expect(error?.code == .networkError, "\(network): \(String(describing: error))")
            #expect(error?.vendorCode == "networkError")
            #expect(Chat.instance?.connectionProvider.status == .disconnected, "the SDK is left trying to connect")
            #expect(await chat.currentUser()?.isAuthenticated != true)
            // The failure table's network row: login_failed alone (the vendor gave no verdict on the JWT).
            expectFailureEvents(events, thrown: error, vendorRefused: false)
        }
    }

    /// A backend that never answers: the connect ends at the bridge's deadline (short here), with `network_error`.
    @Test func aConnectThatNeverCompletesEndsAtTheDeadline() async throws {
        try await withNetwork(.stalled) {
            let token = unsignedJWT(["external_id": "u-71", "name": "Ann", "email": "ann@example.com", "iat": now])
            let chat = ZendeskChatProvider(accountKey: "account-key", port: ChatBridge(connectDeadline: .milliseconds(200)))
            let started = ContinuousClock.now
            let (events, error) = await eventsOf(chat.eventHub) { try await chat.login(credentialSource: { .jwt(token) }) }
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            #expect(ContinuousClock.now - started < .seconds(10))
            #expect(error?.code == .networkError)
            // The failure table's timeout row: login_failed alone.
            expectFailureEvents(events, thrown: error, vendorRefused: false)
        }
    }

    /// `AuthenticationError.networkError` posted by the SDK is no refusal of the JWT: the SDK's next connect gets
    /// the same (still fresh) JWT from the source's cache, where a refusal would have it replaced.
    @Test func theSDKsNetworkErrorIsNoRefusal() async throws {
        try await withNetwork(.online) {
            let service = MintingTransport()
            let reference = ProviderReference(kind: "zendesk-chat", name: "chat")
            let chat = try await ChatBridge.logIn(
                accountKey: "account-key", credentials: client(service).credentialSource(for: ann, from: reference))
            #expect(service.requests == 1)
            Chat.instance?.standInPostAuthenticationFailure(.networkError(URLError(.notConnectedToInternet)))
            try await reconnect()
            #expect(service.requests == 1, "a network error was taken for a refusal: the JWT was replaced")
            withExtendedLifetime(chat) {}  // the bridge observes the SDK's notification while its provider lives
        }
    }
}
