// STAND-IN for ChatProvidersSDK 5.0.5 (Zendesk Chat Providers SDK for iOS; SPM product and pod
// `ZendeskChatProvidersSDK`): replaced by the vendor's package in an app. Every public declaration outside
// `ChatProvidersSDK+StandIn.swift` is transcribed from `Interfaces/ChatProvidersSDK.swiftinterface` (the
// vendor's interface; `.ci/standins.py` checks it), without `@objc` (Linux has no Objective-C runtime) and
// without the Objective-C-only (`@available(swift, obsoleted: 1.0)`) overloads and the `Loggable` conformance.
// Like the vendor's binary, this module is Swift 5 language mode and has no concurrency annotations.
// The behaviour is an in-memory fake: at `connect()` it asks the authenticator for a token and accepts a JWT
// whose payload names an `external_id` and whose `exp` (if any) has not passed; otherwise it posts
// `Chat.NotificationAuthenticationFailed` and proceeds anonymously, as the vendor documents. It runs
// synchronously on the caller's thread (the `queue` of `initialize` is kept but not used).
public import Foundation

/// The SDK's entry point.
public final class Chat: NSObject {
    /// Posted when authenticating the visitor failed; `userInfo[NSUnderlyingErrorKey]` is an `AuthenticationError`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let NotificationAuthenticationFailed: NSNotification.Name = NSNotification.Name("ZDKChatAuthenticationFailed")

    nonisolated(unsafe) private static var current: Chat?

    /// The initialized SDK, `nil` before `initialize`.
    public static var instance: Chat? { current }
    /// Whether a user is authenticated; `false` before `initialize`.
    public static var hasIdentity: Bool { current?.hasIdentity ?? false }
    /// The connection, `nil` before `initialize`.
    public static var connectionProvider: ConnectionProvider? { current?.connectionProvider }
    /// The visitor's profile, `nil` before `initialize`.
    public static var profileProvider: ProfileProvider? { current?.profileProvider }

    /// Whether a user is authenticated: the fake's last connect authenticated with a JWT.
    public var hasIdentity: Bool { state.isAuthenticated }
    /// The connection.
    public var connectionProvider: ConnectionProvider { connection }
    /// The visitor's profile.
    public var profileProvider: ProfileProvider { profile }

    let connection = ConnectionProvider()
    let profile = ProfileProvider()
    /// The queue `initialize` was given (the fake does not dispatch on it).
    private(set) var queue: DispatchQueue
    var authenticator: (any JWTAuthenticator)?
    /// The stand-in's state (`standIn`, in `ChatProvidersSDK+StandIn.swift`).
    var state = StandIn()

    private init(queue: DispatchQueue) {
        self.queue = queue
        super.init()
    }

    /// Initializes the SDK with the Chat account key (and the app id of the Chat SDK v2 app, if any).
    public class func initialize(accountKey: String, appId: String? = nil, queue: DispatchQueue = .main) {
        let chat = current ?? Chat(queue: queue)
        chat.queue = queue
        chat.state.accountKey = accountKey
        current = chat
    }

    /// Clears the cache (the fake: the visitor info set last).
    public func clearCache() {
        state.clearCacheCalls += 1
        profile.clearCache()
    }

    /// The authenticator asked for a JWT at every connect.
    public func setIdentity(authenticator: any JWTAuthenticator) {
        self.authenticator = authenticator
    }

    /// A new unique anonymous visitor; the local cache is discarded; then `completion`.
    public func resetIdentity(_ completion: (() -> Void)? = nil) {
        authenticator = nil
        state.visitorId = UUID().uuidString
        state.externalId = nil
        state.isAuthenticated = false
        state.resetCalls += 1
        profile.clearCache()
        completion?()
    }

    /// `resetIdentity(nil)`.
    @available(*, deprecated, message: "Please use `resetIdentity(_ completion: (() -> Void)?)` instead")
    public func resetIdentity() {
        resetIdentity(nil)
    }

    /// Asks the authenticator (if any) for a token and checks it; on failure posts
    /// `NotificationAuthenticationFailed` and goes on anonymously; then `completion`.
    func authenticate(completion: @escaping () -> Void) {
        guard let authenticator else {
            state.isAuthenticated = false
            return completion()
        }
        state.getTokenCalls += 1
        authenticator.getToken { token, error in
            if let failure = self.check(token, error: error) {
                self.postAuthenticationFailure(failure)
            }
            completion()
        }
    }

    /// Posts `NotificationAuthenticationFailed` with `error`; the visitor is anonymous.
    func postAuthenticationFailure(_ error: AuthenticationError) {
        state.isAuthenticated = false
        NotificationCenter.default.post(
            name: Chat.NotificationAuthenticationFailed, object: nil, userInfo: [NSUnderlyingErrorKey: error])
    }

    /// `nil` when `token` authenticates the visitor (who is then bound to its `external_id`).
    func check(_ token: String?, error: (any Error)?) -> AuthenticationError? {
        guard !state.accountKey.isEmpty else { return .invalidAccountKey("The account key is invalid") }
        guard let token else {
            return .invalidAccessToken("getToken returned no token" + (error.map { ": \($0.localizedDescription)" } ?? ""))
        }
        state.tokensReceived.append(token)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        var base64 =
            parts.count == 3 ? parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") : ""
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let externalId = claims["external_id"] as? String
        else { return .invalidAccessToken("The JWT is invalid or has no external_id") }
        if let exp = (claims["exp"] as? NSNumber)?.doubleValue, exp <= Date().timeIntervalSince1970 {
            return .tokenHasExpired("The JWT has expired")
        }
        if let bound = state.externalId, bound != externalId {
            return .externalUserIdHasChanged("The external_id of the JWT is not the one of the authenticated visitor")
        }
        state.externalId = externalId
        state.isAuthenticated = true
        return nil
    }
}
