// STAND-IN for the module `ZendeskSDK` of the Zendesk Messaging SDK for iOS, at zendesk/sdk_messaging_ios 2.39.0
// (the ZendeskSDK interface that release bundles, taken to be ZendeskSDK 3.17.0's: see
// `Interfaces/NOTES-messaging.md`), transcribed from `Interfaces/ZendeskSDK.swiftinterface`. Every public
// declaration outside `ZendeskSDK+StandIn.swift` is the vendor's, less `@objc` and the Objective-C-only API; in an
// app the vendor's package replaces this module. Behaviour: an in-memory fake. `initialize` accepts any non-empty
// channel key; `loginUser` accepts an (unverified) JWT whose payload names an `external_id` and whose `exp`, if
// any, has not passed; the user is kept in the "storage", which `invalidate(true)` clears.
//
// Like the vendor's, the module is not annotated for concurrency (Swift 5 language mode) and is to be called on
// the main thread; the fake answers synchronously.
public import Foundation
public import ZendeskSDKConversationKit

/// The SDK's entry point: `initialize` it with the channel key, then use `instance`.
public final class Zendesk: NSObject {
    /// The Messaging instance; `nil` when no `DefaultMessagingFactory` was passed to `initialize` (or Messaging
    /// is disabled in the admin settings).
    public var messaging: Messaging? { createdMessaging }

    /// The initialized SDK; `nil` if `initialize` was never called or failed with an error (or after `invalidate`).
    public static var instance: Zendesk? { current }

    /// A delegate that gets notified about failed requests due to invalid credentials, and hands a fresh JWT.
    /// Held weakly.
    public weak static var authenticationDelegate: (any AuthenticationDelegate)?

    /// The SDK initialized by `initialize`.
    nonisolated(unsafe) static var current: Zendesk?
    /// The SDK's persistent storage: the user, which outlives `invalidate` unless it clears the storage.
    nonisolated(unsafe) static var storedUser: ZendeskUser?

    let createdMessaging: Messaging?
    /// What the fake holds and records (`standIn`), the current user included.
    var standInState: StandIn
    var observers: [EventObserver] = []

    /// A handler of `addEventObserver`; the observer is not retained.
    struct EventObserver {
        let id: ObjectIdentifier
        weak var object: AnyObject?
        let handler: (ZendeskEvent) -> Void
    }

    init(messaging: Messaging?, user: ZendeskUser?) {
        createdMessaging = messaging
        standInState = StandIn(user: user)
        super.init()
    }

    /// Initializes the SDK with the channel key from the admin center. After a successful call, calling it again
    /// succeeds immediately with the same instance.
    public static func initialize(
        withChannelKey channelKey: String, messagingFactory: (any MessagingFactory)? = nil,
        completionHandler: @escaping (Result<Zendesk, any Error>) -> Void
    ) {
        completionHandler(initialized(channelKey: channelKey, messagingFactory: messagingFactory))
    }

    static func initialized(channelKey: String, messagingFactory: (any MessagingFactory)?) -> Result<Zendesk, any Error> {
        guard !channelKey.isEmpty else {
            return .failure(
                NSError(domain: "ZendeskSDK", code: 1, userInfo: [NSLocalizedDescriptionKey: "Invalid channel key"]))
        }
        if let current { return .success(current) }
        let zendesk = Zendesk(
            messaging: messagingFactory?.createMessaging(with: MessagingFactoryParameters()), user: storedUser)
        current = zendesk
        return .success(zendesk)
    }

    /// Invalidates the current instance and, when `clearStorage` is true, clears the storage (the user). After
    /// it, `initialize` has to be called again.
    public static func invalidate(_ clearStorage: Bool = false) {
        if let current {
            current.standInState.invalidations.append(clearStorage)
            storedUser = current.standInState.user
        }
        if clearStorage { storedUser = nil }
        current = nil
    }

    /// Adds `observer`'s handler for the SDK's events.
    public func addEventObserver(_ observer: AnyObject, _ completionHandler: @escaping (ZendeskEvent) -> Void) {
        observers.append(EventObserver(id: ObjectIdentifier(observer), object: observer, handler: completionHandler))
    }

    /// Removes `observer`'s handlers.
    public func removeEventObserver(_ observer: AnyObject) {
        observers.removeAll { $0.object == nil || $0.id == ObjectIdentifier(observer) }
    }

    /// The current user: authenticated after a successful `loginUser`, unauthenticated after a refused one, `nil`
    /// after `logoutUser`.
    public func getCurrentUser() -> ZendeskUser? { standInState.user }
}
