import ChatBridge
import ChatProvidersSDK
import IdentityBridgeClient
import Testing
import ZendeskChatSession

@Suite(.serialized) @MainActor struct ChatBridgeTests {
    @Test func theProviderLogsInThroughTheAuthenticator() async throws {
        Chat.instance?.resetIdentity()
        let token = unsignedJWT(["external_id": "u-42", "name": "Ann", "email": "ann@example.com", "iat": now])
        let chat = try await ChatBridge.logIn(accountKey: "account-key", credentials: { .jwt(token) })
        #expect(Chat.instance?.standIn.accountKey == "account-key")
        #expect(Chat.instance?.standIn.tokensReceived.last == token)
        #expect(Chat.instance?.standIn.isAuthenticated == true)
        let user = try #require(await chat.currentUser())
        #expect(user.externalId == "u-42")
        #expect(user.email == "ann@example.com")
        #expect(user.isAuthenticated)
    }

    @Test func theSDKsOwnReconnectAsksTheSourceAgain() async throws {
        Chat.instance?.resetIdentity()
        let asked = Counter()
        let chat = try await ChatBridge.logIn(accountKey: "account-key") {
            let call = asked.next()
            return .jwt(unsignedJWT(["external_id": "u-46", "name": "Ann", "email": "ann@example.com", "iat": now + call]))
        }
        #expect(asked.value == 1)
        // The connection drops and comes back: the SDK asks its authenticator, which asks the source.
        let connection = try #require(Chat.connectionProvider)
        connection.disconnect()
        await withCheckedContinuation { done in
            var token: ObservationToken?
            token = connection.observeConnectionStatus { status in
                guard status.isConnected, token != nil else { return }
                token?.cancel()
                token = nil
                done.resume()
            }
            connection.connect()
        }
        #expect(asked.value == 2)
        #expect(Chat.instance?.standIn.tokensReceived.suffix(2).count == 2)
        #expect(Chat.instance?.standIn.isAuthenticated == true)
        #expect(await chat.currentUser()?.externalId == "u-46")
    }

    @Test func aRefusedTokenFallsBackToAnonymous() async throws {
        Chat.instance?.resetIdentity()
        let token = unsignedJWT(["name": "No external id", "iat": now])
        let chat = ZendeskChatProvider(accountKey: "account-key", port: ChatBridge())
        let error = await #expect(throws: IdentityError.self) { try await chat.login(credentialSource: { .jwt(token) }) }
        #expect(error?.code == .tokenMalformed)
        #expect(Chat.instance?.standIn.tokensReceived.last == token)
        #expect(await chat.currentUser()?.isAnonymous == true)
    }

    @Test func logoutResetsTheIdentity() async throws {
        Chat.instance?.resetIdentity()
        let token = unsignedJWT(["external_id": "u-45", "name": "Eve", "email": "eve@example.com", "iat": now])
        let chat = try await ChatBridge.logIn(accountKey: "account-key", credentials: { .jwt(token) })
        let resets = Chat.instance?.standIn.resetCalls ?? -1
        try await chat.logout()
        #expect(Chat.instance?.standIn.resetCalls == resets + 1)
        #expect(await chat.currentUser()?.isAnonymous == true)
    }
}
