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
    /// nothing about the token (server, SDK, network) are not blamed on it.
    @Test func everyAuthenticationErrorIsMapped() async throws {
        Chat.initialize(accountKey: "account-key")
        let cases: [(AuthenticationError, IdentityError.Code)] = [
            (.invalidAccountKey("x"), .invalidAccountKey), (.invalidAccessToken("x"), .tokenMalformed), (.invalidEmail("x"), .invalidEmail),
            (.invalidName("x"), .invalidName), (.invalidSharedSecret("x"), .tokenInvalid), (.tokenHasExpired("x"), .tokenExpired),
            (.externalUserIdHasChanged("x"), .externalIdChanged), (.internalServerError, .tokenMissing), (.internalError, .tokenMissing),
            (.networkError(CancellationError()), .tokenMissing),
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
