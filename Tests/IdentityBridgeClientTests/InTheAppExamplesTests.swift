import Foundation
import IdentityBridge
import IdentityBridgeClient
import Testing
import ZendeskChatAdapter
import ZendeskMessagingAdapter

// The Messaging and Chat examples of InTheApp.md (DocC, IdentityBridgeClient), run against the real
// service on loopback: copied but for the service URL and the Chat instance's name (LiveTokenService's
// configuration calls it `chat`). That the documents' examples compile as shown is checked by their
// generated copies in DocumentationSnippets/ (.ci/docs_snippets.py).

/// The app's own sign-in, as the examples use it.
struct AppSession: Sendable {
    let user: UserIdentity
    func currentJWT() async throws -> String { LiveTokenService.sessionToken(for: user) }
}

/// InTheApp.md "Zendesk Messaging".
private func messagingExample(baseURL: URL, session: AppSession, messaging: ZendeskMessagingProvider) async throws {
    let client = CredentialClient(
        configuration: .init(baseURL: baseURL, app: "demo"),
        proof: { _ in .sessionToken(try await session.currentJWT()) })
    let user = UserIdentity(userId: "u-42", email: "ann@example.com", name: "Ann")
    let messagingCredentials = client.credentialSource(for: user, from: ProviderReference(kind: "zendesk-messaging"))
    // loginUser(jwt) now, and a fresh JWT from the same source on every expiredJWT:
    try await messaging.login(credentialSource: messagingCredentials)
}

/// InTheApp.md "Zendesk Chat".
private func chatExample(baseURL: URL, session: AppSession, chat: ZendeskChatProvider) async throws {
    let client = CredentialClient(
        configuration: .init(baseURL: baseURL, app: "demo"),
        proof: { _ in .sessionToken(try await session.currentJWT()) })
    let chatRef = ProviderReference(kind: "zendesk-chat", name: "chat")
    let user = UserIdentity(userId: "u-42", email: "ann@example.com", name: "Ann")
    // JWTAuthenticator.getToken on every connect and re-connect, never a token past its 7 minutes:
    try await chat.login(credentialSource: client.credentialSource(for: user, from: chatRef))
}

@Suite struct InTheAppExamplesTests {
    @Test func theMessagingAndChatExamplesLogTheUserIn() async throws {
        let live = try LiveTokenService()
        try await live.serve { url, counter in
            let providers = try ClientLiveTests.providers(live, clock: SystemClock())
            let session = AppSession(user: UserIdentity(userId: "u-42", email: "ann@example.com", name: "Ann"))
            let messaging = try #require(providers[3] as? ZendeskMessagingProvider)
            try await messagingExample(baseURL: url, session: session, messaging: messaging)
            #expect(await messaging.currentUser()?.externalId == "u-42")
            let chat = try #require(providers[2] as? ZendeskChatProvider)
            try await chatExample(baseURL: url, session: session, chat: chat)
            #expect(await chat.currentUser()?.externalId == "u-42")
            #expect(counter.credentials("zendesk-messaging") == 1)
            #expect(counter.credentials("chat") == 1)
        }
    }
}
