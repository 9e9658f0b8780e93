import ChatProvidersSDK
import Foundation
public import IdentityBridgeModel
import Synchronization
public import ZendeskChatSession

/// The Zendesk Chat SDK as `ZendeskChatProvider`'s port: `Chat.initialize(accountKey:appId:)`,
/// `setIdentity(authenticator:)` and `connect()`, `resetIdentity`, and `Chat.NotificationAuthenticationFailed`,
/// called as Zendesk documents them. Copy this file into the app.
public final class ChatBridge: ZendeskChatSDKPort {
    private let appId: String?
    private let visitor = Mutex<ZendeskChatVisitor?>(nil)
    private let failure = Mutex<ZendeskChatAuthenticationFailure?>(nil)
    private let visitorId = Mutex(UUID().uuidString)

    /// A bridge that passes `appId` to `Chat.initialize` with the provider's account key.
    public init(appId: String? = nil) { self.appId = appId }

    /// `Chat.initialize(accountKey:appId:)`.
    public func initialize(accountKey: String) async {
        await MainActor.run { [appId] in Chat.initialize(accountKey: accountKey, appId: appId) }
    }

    /// `setIdentity(authenticator:)` with `authenticator` behind the SDK's own (so every `getToken` of the SDK,
    /// now and at each re-connect it makes, asks the provider's credential source again), `setVisitorInfo`,
    /// then `connect()`; the chat is authenticated unless `getToken` fails or the SDK posts
    /// `NotificationAuthenticationFailed` meanwhile.
    public func connect(authenticator: (any ZendeskChatSession.JWTAuthenticator)?, visitorInfo: ZendeskChatVisitorInfo?) async
        -> ZendeskChatConnection
    {
        let forwarder = authenticator.map(TokenForwarder.init)
        let refused = await connectOnMain(forwarder, visitorInfo: visitorInfo)
        let failure = forwarder?.failure ?? refused
        let jwt = forwarder?.lastToken
        let claims = jwt.flatMap(Self.claims(of:)) ?? [:]
        let authenticated = jwt != nil && failure == nil
        let visitor = ZendeskChatVisitor(
            visitorId: visitorId.withLock { $0 }, externalId: authenticated ? claims["external_id"] as? String : nil,
            name: authenticated ? claims["name"] as? String : visitorInfo?.name,
            email: authenticated ? claims["email"] as? String : visitorInfo?.email,
            phoneNumber: authenticated ? nil : visitorInfo?.phoneNumber, isAuthenticated: authenticated)
        self.visitor.withLock { $0 = visitor }
        return ZendeskChatConnection(visitor: visitor, failure: failure, visitorInfoDiscarded: authenticated && visitorInfo != nil)
    }

    @MainActor private func connectOnMain(_ forwarder: TokenForwarder?, visitorInfo: ZendeskChatVisitorInfo?) async
        -> ZendeskChatAuthenticationFailure?
    {
        failure.withLock { $0 = nil }
        let observer = NotificationCenter.default.addObserver(forName: Chat.NotificationAuthenticationFailed, object: nil, queue: nil) {
            guard let error = $0.userInfo?[NSUnderlyingErrorKey] as? AuthenticationError else { return }
            self.failure.withLock { $0 = Self.failure(error) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        if let forwarder { Chat.instance?.setIdentity(authenticator: forwarder) }
        if let info = visitorInfo {
            Chat.profileProvider?.setVisitorInfo(VisitorInfo(name: info.name, email: info.email, phoneNumber: info.phoneNumber))
        }
        guard let connection = Chat.connectionProvider else {
            return ZendeskChatAuthenticationFailure(reason: .accountKeyInvalid, detail: "Chat.initialize was not called.")
        }
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
        return failure.withLock { $0 }
    }

    /// `Chat.instance?.resetIdentity`: a new anonymous visitor.
    public func resetIdentity() async -> ZendeskChatVisitor {
        await MainActor.run { Chat.instance?.resetIdentity {} }
        let visitor = ZendeskChatVisitor(visitorId: UUID().uuidString, isAuthenticated: false)
        visitorId.withLock { $0 = visitor.visitorId }
        self.visitor.withLock { $0 = visitor }
        return visitor
    }

    /// The visitor of the last connect or reset: the SDK reports no visitor id or person, so the id is the
    /// bridge's (new at every reset) and an authenticated visitor's `external_id`, name and email are the
    /// claims of the JWT it authenticated with.
    public func currentVisitor() async -> ZendeskChatVisitor? { visitor.withLock { $0 } }

    /// Not bridged: `Chat.chatProvider?.sendMessage(_:completion:)` reports no conversation id.
    public func sendMessage(_ text: String) async throws(IdentityError) -> ZendeskChatMessageResult {
        throw IdentityError(.unsupportedOperation, message: "ChatBridge does not send messages; the chat screen does.")
    }

    /// The SDK's `AuthenticationError` as the session's failure.
    private static func failure(_ error: AuthenticationError) -> ZendeskChatAuthenticationFailure {
        let reason: ZendeskChatFailureReason =
            switch error {
            case .invalidAccountKey: .accountKeyInvalid
            case .invalidAccessToken: .tokenMalformed
            case .invalidEmail: .emailInvalid
            case .invalidName: .nameInvalid
            case .invalidSharedSecret: .signatureInvalid
            case .externalUserIdHasChanged: .externalIdChanged
            case .tokenHasExpired: .tokenExpired
            }
        return ZendeskChatAuthenticationFailure(reason: reason, detail: reason.vendorError.vendorDescription)
    }

    /// The JWT's payload (unverified: the Chat backend verified it).
    private static func claims(of jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}

/// The SDK's `JWTAuthenticator` over the provider's: every `getToken` of the SDK asks the provider's
/// authenticator (its credential source), and the last answer is kept for the visitor the bridge reports.
private final class TokenForwarder: NSObject, ChatProvidersSDK.JWTAuthenticator, Sendable {
    let authenticator: any ZendeskChatSession.JWTAuthenticator
    private let answer = Mutex<(token: String?, failure: ZendeskChatAuthenticationFailure?)>((nil, nil))

    init(_ authenticator: any ZendeskChatSession.JWTAuthenticator) { self.authenticator = authenticator }

    /// The JWT of the last `getToken` that gave one.
    var lastToken: String? { answer.withLock { $0.token } }
    /// `tokenUnavailable` when the last `getToken` gave no JWT.
    var failure: ZendeskChatAuthenticationFailure? { answer.withLock { $0.failure } }

    func getToken(_ completion: @escaping (String?, (any Error)?) -> Void) {
        // The SDK's completion, called once, on the main queue where the SDK runs.
        nonisolated(unsafe) let completion = completion
        authenticator.getToken { token, error in
            self.answer.withLock {
                $0 =
                    token.map { ($0, nil) }
                    ?? (nil, ZendeskChatAuthenticationFailure(reason: .tokenUnavailable, detail: "getToken gave no JWT."))
            }
            DispatchQueue.main.async { completion(token, error) }
        }
    }
}
