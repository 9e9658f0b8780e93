import ChatProvidersSDK
import Foundation
public import IdentityBridgeModel
import Synchronization
public import ZendeskChatSession

/// The Zendesk Chat SDK (ChatProvidersSDK 5.0.5) as `ZendeskChatProvider`'s port:
/// `Chat.initialize(accountKey:appId:queue:)`, `setIdentity(authenticator:)` and `connect()`,
/// `hasIdentity`, `resetIdentity(_:)` and `clearCache()`, and `Chat.NotificationAuthenticationFailed`
/// with every `AuthenticationError`, called as Zendesk documents them. A connect that meets `unreachable` or
/// `failed`, or is not `connected` within the bridge's deadline, is `network_error`. Copy this file into the app.
public final class ChatBridge: ZendeskChatSDKPort {
    private let appId: String?
    private let connectDeadline: Duration
    private let visitor = Mutex<ZendeskChatVisitor?>(nil)
    private let visitorId = Mutex(UUID().uuidString)
    /// The authenticator set last, and the failure the SDK posted during the connect under way.
    private let current = Mutex<(forwarder: TokenForwarder?, failure: ZendeskChatAuthenticationFailure?)>((nil, nil))
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    /// A bridge that passes `appId` to `Chat.initialize` with the provider's account key. It observes
    /// `Chat.NotificationAuthenticationFailed` for its lifetime: a refusal at any connect, the SDK's
    /// own re-connects included, marks the token handed last as refused (a network error does not), so the
    /// next `getToken` asks the credential source for a new one (`CredentialSourceCall.afterRefusal`). A connect that is not
    /// `connected` within `connectDeadline` (on the monotonic `ContinuousClock`) fails with `network_error`.
    public init(appId: String? = nil, connectDeadline: Duration = .seconds(30)) {
        self.appId = appId
        self.connectDeadline = connectDeadline
        observer = NotificationCenter.default.addObserver(forName: Chat.NotificationAuthenticationFailed, object: nil, queue: nil) {
            [weak self] notification in
            guard let self, let error = notification.userInfo?[NSUnderlyingErrorKey] as? AuthenticationError else { return }
            let failure = Self.failure(error)
            let forwarder = current.withLock { current in
                current.failure = failure
                return current.forwarder
            }
            // A network error is no verdict on the token: the next getToken may hand it again while fresh.
            if failure.reason != .networkUnavailable { forwarder?.markRefused() }
            visitor.withLock { $0?.isAuthenticated = false }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// `Chat.initialize(accountKey:appId:queue:)`.
    public func initialize(accountKey: String) async {
        await MainActor.run { [appId] in Chat.initialize(accountKey: accountKey, appId: appId) }
    }

    /// `setIdentity(authenticator:)` with `authenticator` behind the SDK's own (every `getToken` of the
    /// SDK, now and at each re-connect it makes, asks the provider's credential source), `setVisitorInfo`,
    /// then `connect()`. The chat is authenticated when the SDK reports `hasIdentity` and posted no
    /// `NotificationAuthenticationFailed` meanwhile.
    public func connect(authenticator: (any ZendeskChatSession.JWTAuthenticator)?, visitorInfo: ZendeskChatVisitorInfo?) async
        -> ZendeskChatConnection
    {
        let forwarder = authenticator.map(TokenForwarder.init)
        current.withLock { $0 = (forwarder ?? $0.forwarder, nil) }
        let connected = await Self.connectOnMain(forwarder, visitorInfo: visitorInfo, deadline: connectDeadline)
        let refused = current.withLock { $0.failure }
        let failure = forwarder?.failure ?? refused ?? connected.failure
        let jwt = forwarder?.lastToken
        let claims = jwt.flatMap(Self.claims(of:)) ?? [:]
        let authenticated = connected.hasIdentity && jwt != nil && failure == nil
        let visitor = ZendeskChatVisitor(
            visitorId: visitorId.withLock { $0 }, externalId: authenticated ? claims["external_id"] as? String : nil,
            name: authenticated ? claims["name"] as? String : visitorInfo?.name,
            email: authenticated ? claims["email"] as? String : visitorInfo?.email,
            phoneNumber: authenticated ? nil : visitorInfo?.phoneNumber, isAuthenticated: authenticated)
        self.visitor.withLock { $0 = visitor }
        return ZendeskChatConnection(visitor: visitor, failure: failure, visitorInfoDiscarded: authenticated && visitorInfo != nil)
    }

    @MainActor private static func connectOnMain(_ forwarder: TokenForwarder?, visitorInfo: ZendeskChatVisitorInfo?, deadline: Duration)
        async -> (hasIdentity: Bool, failure: ZendeskChatAuthenticationFailure?)
    {
        guard let chat = Chat.instance else {
            return (false, ZendeskChatAuthenticationFailure(reason: .accountKeyInvalid, detail: "Chat.initialize was not called."))
        }
        if let forwarder { chat.setIdentity(authenticator: forwarder) }
        if let info = visitorInfo {
            chat.profileProvider.setVisitorInfo(
                VisitorInfo(name: info.name ?? "", email: info.email ?? "", phoneNumber: info.phoneNumber ?? ""))
        }
        let connection = chat.connectionProvider
        let outcome = ConnectOutcome()
        nonisolated(unsafe) var token: ObservationToken?
        var timer: Task<Void, Never>?
        let end = await withCheckedContinuation { (done: CheckedContinuation<ConnectOutcome.End, Never>) in
            outcome.wait(done)
            token = connection.observeConnectionStatus { status in
                switch status {
                case .connected: outcome.finish(.connected)
                case .unreachable: outcome.finish(.unreachable)
                case .failed: outcome.finish(.failed)
                case .connecting, .reconnecting, .disconnected: break
                @unknown default: break
                }
            }
            connection.connect()
            timer = Task {
                try? await Task.sleep(for: deadline, clock: .continuous)
                outcome.finish(.timedOut)
            }
        }
        timer?.cancel()
        token?.cancel()
        switch end {
        case .connected:
            return (chat.hasIdentity, nil)
        case .unreachable, .failed:
            // The SDK would go on trying to connect on its own, and connect anonymously later: stopped here.
            connection.disconnect()
            return (false, ZendeskChatAuthenticationFailure(reason: .networkUnavailable, detail: "The Chat connection is \(end)."))
        case .timedOut:
            connection.disconnect()
            return (
                false,
                ZendeskChatAuthenticationFailure(
                    reason: .networkUnavailable,
                    detail: "The Chat connection was not connected within \(deadline) (still \(connection.status))."
                )
            )
        }
    }

    /// `resetIdentity(_:)` then `clearCache()`: the SDK ends the chat and drops the visitor's local data;
    /// the bridge starts a new anonymous visitor.
    public func resetIdentity() async -> ZendeskChatVisitor {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Task { @MainActor in
                guard let chat = Chat.instance else { return done.resume() }
                chat.resetIdentity {
                    chat.clearCache()
                    done.resume()
                }
            }
        }
        current.withLock { $0 = (nil, nil) }
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

    /// The SDK's `AuthenticationError` as the session's failure: every case the SDK declares.
    static func failure(_ error: AuthenticationError) -> ZendeskChatAuthenticationFailure {
        let reason: ZendeskChatFailureReason
        switch error {
        case .invalidAccountKey: reason = .accountKeyInvalid
        case .invalidAccessToken: reason = .tokenMalformed
        case .invalidEmail: reason = .emailInvalid
        case .invalidName: reason = .nameInvalid
        case .invalidSharedSecret: reason = .signatureInvalid
        case .tokenHasExpired: reason = .tokenExpired
        case .externalUserIdHasChanged: reason = .externalIdChanged
        case .networkError, .internalServerError:
            // The Chat backend could not be reached or could not answer: no rule of the token failed.
            return ZendeskChatAuthenticationFailure(
                reason: .networkUnavailable, detail: "Chat could not authenticate the visitor (\(error.localizedDescription)).")
        case .internalError:
            // The SDK's own failure: no rule of the token failed.
            return ZendeskChatAuthenticationFailure(
                reason: .tokenUnavailable,
                detail: "Chat could not authenticate the visitor (\(error.localizedDescription)); retry the connect.")
        @unknown default:
            return ZendeskChatAuthenticationFailure(reason: .tokenUnavailable, detail: error.localizedDescription)
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

/// The first of: the SDK's connection reaching `connected`, `unreachable` or `failed`, and the deadline; later
/// ones are ignored, so the connect's continuation resumes once.
private final class ConnectOutcome: Sendable {
    /// How a connect ended.
    enum End: Sendable { case connected, unreachable, failed, timedOut }

    private let state = Mutex<(continuation: CheckedContinuation<End, Never>?, done: Bool)>((nil, false))

    func wait(_ continuation: CheckedContinuation<End, Never>) { state.withLock { $0.continuation = continuation } }

    func finish(_ end: End) {
        let continuation = state.withLock { state -> CheckedContinuation<End, Never>? in
            guard !state.done else { return nil }
            state.done = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: end)
    }
}

/// The SDK's `JWTAuthenticator` over the provider's: every `getToken` of the SDK asks the provider's
/// authenticator (its credential source, which answers from its cache while the JWT is fresh); after
/// the SDK refused the token handed last, the ask says so (`CredentialSourceCall.replacesRefused`),
/// so the source hands a new one. The last answer is kept for the visitor the bridge reports.
private final class TokenForwarder: NSObject, ChatProvidersSDK.JWTAuthenticator, Sendable {
    let authenticator: any ZendeskChatSession.JWTAuthenticator
    private let state = Mutex<(token: String?, failure: ZendeskChatAuthenticationFailure?, refused: Bool)>((nil, nil, false))

    init(_ authenticator: any ZendeskChatSession.JWTAuthenticator) { self.authenticator = authenticator }

    /// The JWT of the last `getToken` that gave one.
    var lastToken: String? { state.withLock { $0.token } }
    /// `tokenUnavailable` when the last `getToken` gave no JWT.
    var failure: ZendeskChatAuthenticationFailure? { state.withLock { $0.failure } }
    /// The SDK refused the token handed last.
    func markRefused() { state.withLock { $0.refused = true } }

    func getToken(_ completion: @escaping (String?, (any Error)?) -> Void) {
        // The SDK's completion, called once, on the main queue where the SDK runs.
        nonisolated(unsafe) let completion = completion
        let refused = state.withLock { state in
            defer { state.refused = false }
            return state.refused
        }
        CredentialSourceCall.$replacesRefused.withValue(refused) {
            authenticator.getToken { token, error in
                self.state.withLock {
                    $0.token = token ?? $0.token
                    $0.failure =
                        token == nil ? ZendeskChatAuthenticationFailure(reason: .tokenUnavailable, detail: "getToken gave no JWT.") : nil
                }
                DispatchQueue.main.async { completion(token, error) }
            }
        }
    }
}
