// STAND-IN for the Zendesk SDK for iOS (Messaging), module `ZendeskSDK`: replaced by the vendor's package in
// an app. The calls and their signatures are the ones `zendesk-messaging-authentication.txt` documents
// (`Zendesk.instance?.loginUser(with:)`, `logoutUser`, `addEventObserver(_:_:)` with `.authenticationFailed`);
// `initialize(withChannelKey:messagingFactory:completionHandler:)`, `ZendeskUser` and the other `ZendeskEvent`
// case follow the vendor's public iOS SDK (not in the spec files). The behaviour is an in-memory fake: it
// accepts a JWT whose payload names an `external_id` and whose `exp` (if any) has not passed.
//
// The real SDK is not annotated for concurrency and is to be called on the main thread; the stand-in says
// so with `@MainActor`, so that the compiler holds the bridge to it.
public import Foundation

/// The SDK's entry point.
@MainActor
public final class Zendesk {
    /// The initialized SDK, `nil` before `initialize` succeeded.
    public private(set) static var instance: Zendesk?

    /// Initializes the SDK with the channel key from the admin center.
    public static func initialize(
        withChannelKey channelKey: String, messagingFactory: DefaultMessagingFactory? = nil,
        completionHandler: ((Result<Zendesk, any Error>) -> Void)? = nil
    ) {
        guard !channelKey.isEmpty else {
            completionHandler?(
                .failure(NSError(domain: "ZendeskSDK", code: 1, userInfo: [NSLocalizedDescriptionKey: "Invalid channel key"])))
            return
        }
        let zendesk = instance ?? Zendesk()
        instance = zendesk
        completionHandler?(.success(zendesk))
    }

    /// Authenticates the user the JWT names.
    public func loginUser(with jwt: String, completionHandler: ((Result<ZendeskUser, any Error>) -> Void)? = nil) {
        standIn.loginCalls.append(jwt)
        let payload = Self.payload(of: jwt)
        let error: NSError?
        if let refusal = standIn.refuseNextLogin {
            standIn.refuseNextLogin = nil
            error = refusal
        } else if let exp = payload?["exp"] as? Double, exp <= Date().timeIntervalSince1970 {
            error = NSError(domain: "ZendeskSDK", code: 401, userInfo: [NSLocalizedDescriptionKey: "The JWT has expired"])
        } else if payload?["external_id"] as? String == nil {
            error = NSError(domain: "ZendeskSDK", code: 401, userInfo: [NSLocalizedDescriptionKey: "Invalid JWT"])
        } else {
            error = nil
        }
        if let error {
            // "If loginUser fails, the SDK falls back to an unauthenticated user."
            standIn.user = ZendeskUser(id: UUID().uuidString, externalId: "", authenticationType: .anonymous)
            completionHandler?(.failure(error))
            return
        }
        let externalId = payload?["external_id"] as? String ?? ""
        let user = ZendeskUser(id: "zd-\(externalId)", externalId: externalId, authenticationType: .jwt)
        standIn.user = user
        completionHandler?(.success(user))
    }

    /// Unauthenticates the user.
    public func logoutUser(completionHandler: ((Result<Void, any Error>) -> Void)? = nil) {
        standIn.logoutCalls += 1
        standIn.user = nil
        completionHandler?(.success(()))
    }

    /// Adds `observer`'s handler for the SDK's events.
    public func addEventObserver(_ observer: AnyObject, _ handler: @escaping (ZendeskEvent) -> Void) {
        standIn.observers.append((ObjectIdentifier(observer), handler))
    }

    /// Removes `observer`'s handlers.
    public func removeEventObserver(_ observer: AnyObject) {
        standIn.observers.removeAll { $0.0 == ObjectIdentifier(observer) }
    }

    // MARK: Stand-in only (no such API in the real SDK)

    /// What the stand-in holds and records, for tests.
    public struct StandIn {
        /// Every JWT `loginUser` was called with.
        public var loginCalls: [String] = []
        /// How many times `logoutUser` was called.
        public var logoutCalls = 0
        /// The SDK's user: authenticated after a login, anonymous after a refused one.
        public var user: ZendeskUser?
        /// An error the next `loginUser` fails with, whatever the JWT.
        public var refuseNextLogin: NSError?
        var observers: [(ObjectIdentifier, (ZendeskEvent) -> Void)] = []
    }

    /// The stand-in's state.
    public var standIn = StandIn()

    /// Sends `event` to every observer, as the SDK does when the server answers.
    public func standInSend(_ event: ZendeskEvent) {
        for (_, handler) in standIn.observers { handler(event) }
    }

    static func payload(of jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// The messaging factory `initialize` takes (module `ZendeskSDKMessaging` in the real SDK).
public struct DefaultMessagingFactory: Sendable {
    /// Creates the default factory.
    public init() {}
}

/// A user of the SDK.
public final class ZendeskUser: Sendable {
    /// The vendor's id for the user.
    public let id: String
    /// The JWT's `external_id`; empty for an anonymous user.
    public let externalId: String
    /// How the user is authenticated.
    public let authenticationType: ZendeskUserAuthenticationType

    init(id: String, externalId: String, authenticationType: ZendeskUserAuthenticationType) {
        self.id = id
        self.externalId = externalId
        self.authenticationType = authenticationType
    }
}

/// How a user is authenticated.
public enum ZendeskUserAuthenticationType: Sendable {
    /// Not authenticated.
    case anonymous
    /// Authenticated with a JWT.
    case jwt
}

/// An event of the SDK.
public enum ZendeskEvent {
    /// The unread message count changed.
    case unreadMessageCountChanged(currentUnreadCount: Int)
    /// The session's credential was refused, e.g. "The JWT has expired".
    case authenticationFailed(error: any Error)
}
