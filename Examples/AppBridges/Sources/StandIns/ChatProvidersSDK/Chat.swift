// STAND-IN for the Zendesk Chat SDK v2 for iOS, module `ChatProvidersSDK`: replaced by the vendor's package
// in an app. The calls and their signatures are the ones `zendesk-chat-authentication.txt` and
// `zendesk-support-and-chat-identity.txt` document (`Chat.initialize(accountKey:appId:)`, `JWTAuthenticator`
// with `getToken(_:)`, `Chat.instance?.setIdentity(authenticator:)`, `Chat.instance?.resetIdentity`,
// `Chat.NotificationAuthenticationFailed` with an `AuthenticationError` under `NSUnderlyingErrorKey`);
// `Chat.connectionProvider` (`connect()`, `observeConnectionStatus`), `Chat.profileProvider` and `VisitorInfo`
// follow the vendor's public iOS SDK ("Using the Chat SDK API providers", not in the spec files).
// The behaviour is an in-memory fake: at `connect()` it asks the authenticator for a token and accepts a JWT
// whose payload names an `external_id` and whose `exp` (if any) has not passed; otherwise it posts the
// failure and proceeds anonymously, as the vendor documents.
//
// The real SDK is to be called on the main thread; the stand-in says so with `@MainActor`. Its protocol
// is `@objc` (`ZDKJWTAuthenticator`, refining `NSObjectProtocol`); Linux has no Objective-C runtime.
public import Foundation

/// Retrieves the JWT the Chat backend authenticates the visitor with.
public protocol JWTAuthenticator: AnyObject {
    /// Calls `completion(token, nil)` or `completion(nil, error)`.
    func getToken(_ completion: @escaping (String?, (any Error)?) -> Void)
}

/// Why authentication failed (posted with `Chat.NotificationAuthenticationFailed`).
public enum AuthenticationError: Error {
    case invalidAccountKey
    case invalidAccessToken(String?)
    case invalidEmail
    case invalidName
    case invalidSharedSecret
    case externalUserIdHasChanged
    case tokenHasExpired
}

/// Name, email and phone of an anonymous visitor.
public struct VisitorInfo: Sendable {
    public var name: String?
    public var email: String?
    public var phoneNumber: String?
    /// Creates visitor info.
    public init(name: String? = nil, email: String? = nil, phoneNumber: String? = nil) {
        self.name = name
        self.email = email
        self.phoneNumber = phoneNumber
    }
}

/// The SDK's entry point.
@MainActor
public final class Chat {
    /// The initialized SDK, `nil` before `initialize`.
    public private(set) static var instance: Chat?
    /// Posted when authenticating the visitor failed; `userInfo[NSUnderlyingErrorKey]` is an `AuthenticationError`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let NotificationAuthenticationFailed = Notification.Name("ZDKChatAuthenticationFailed")
    /// The connection.
    public static var connectionProvider: ConnectionProvider? { instance?.connection }
    /// The visitor's profile.
    public static var profileProvider: ProfileProvider? { instance?.profile }

    let connection = ConnectionProvider()
    let profile = ProfileProvider()
    var authenticator: (any JWTAuthenticator)?

    /// Initializes the SDK with the Chat account key.
    public static func initialize(accountKey: String, appId: String? = nil) {
        let chat = instance ?? Chat()
        chat.standIn.accountKey = accountKey
        instance = chat
    }

    /// The authenticator asked for a JWT at every connect.
    public func setIdentity(authenticator: any JWTAuthenticator) {
        self.authenticator = authenticator
    }

    /// A new unique anonymous visitor; the local cache is discarded.
    public func resetIdentity(_ completion: (() -> Void)? = nil) {
        authenticator = nil
        standIn.visitorId = UUID().uuidString
        standIn.externalId = nil
        standIn.isAuthenticated = false
        standIn.resetCalls += 1
        completion?()
    }

    // MARK: Stand-in only (no such API in the real SDK)

    /// What the stand-in holds and records, for tests.
    public struct StandIn {
        public var accountKey = ""
        /// Every token `getToken` answered at a connect.
        public var tokensReceived: [String] = []
        public var visitorId = UUID().uuidString
        public var externalId: String?
        public var isAuthenticated = false
        public var resetCalls = 0
    }

    /// The stand-in's state.
    public var standIn = StandIn()

    func authenticate(completion: @escaping () -> Void) {
        guard let authenticator else {
            standIn.isAuthenticated = false
            return completion()
        }
        authenticator.getToken { token, _ in
            let failure = self.check(token)
            if let failure {
                self.standIn.isAuthenticated = false
                NotificationCenter.default.post(
                    name: Chat.NotificationAuthenticationFailed, object: nil, userInfo: [NSUnderlyingErrorKey: failure])
            }
            completion()
        }
    }

    func check(_ token: String?) -> AuthenticationError? {
        guard !standIn.accountKey.isEmpty else { return .invalidAccountKey }
        guard let token else { return .invalidAccessToken(nil) }
        standIn.tokensReceived.append(token)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        var base64 = parts.count == 3 ? parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") : ""
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let claims = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let externalId = claims["external_id"] as? String
        else { return .invalidAccessToken(token) }
        if let exp = claims["exp"] as? Double, exp <= Date().timeIntervalSince1970 { return .tokenHasExpired }
        if let bound = standIn.externalId, bound != externalId { return .externalUserIdHasChanged }
        standIn.externalId = externalId
        standIn.isAuthenticated = true
        return nil
    }
}

/// A connection status.
public enum ConnectionStatus: Sendable {
    case disconnected, connecting, connected, reconnecting, failed, unreachable
    /// Whether the chat is connected.
    public var isConnected: Bool { self == .connected }
}

/// Cancels an observation.
@MainActor
public final class ObservationToken {
    let onCancel: () -> Void
    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    /// Stops observing.
    public func cancel() { onCancel() }
}

/// The connection to the Chat backend.
@MainActor
public final class ConnectionProvider {
    private var observers: [UUID: (ConnectionStatus) -> Void] = [:]
    /// The current status.
    public private(set) var status = ConnectionStatus.disconnected

    /// Connects (or re-authenticates a connected chat): asks the authenticator for a token first.
    public func connect() {
        update(.connecting)
        Chat.instance?.authenticate { self.update(.connected) }
    }

    /// Disconnects.
    public func disconnect() { update(.disconnected) }

    /// Calls `handler` on every status change until the token is cancelled.
    public func observeConnectionStatus(_ handler: @escaping (ConnectionStatus) -> Void) -> ObservationToken {
        let id = UUID()
        observers[id] = handler
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    private func update(_ status: ConnectionStatus) {
        self.status = status
        for handler in observers.values { handler(status) }
    }
}

/// The visitor's profile.
@MainActor
public final class ProfileProvider {
    /// The visitor info set last.
    public private(set) var visitorInfo = VisitorInfo()
    /// Sets the visitor info (discarded by the backend for an authenticated visitor).
    public func setVisitorInfo(_ visitorInfo: VisitorInfo, completion: ((Result<VisitorInfo, any Error>) -> Void)? = nil) {
        self.visitorInfo = visitorInfo
        completion?(.success(visitorInfo))
    }
}
