// STAND-IN for the module `ZendeskSDKMessaging` of the Zendesk Messaging SDK for iOS, at zendesk/sdk_messaging_ios
// 2.39.0, transcribed from `Interfaces/ZendeskSDKMessaging.swiftinterface` (`DefaultMessagingFactory`, less its
// `UserColors` inits: no UIKit here). Every public declaration is the vendor's; in an app the vendor's package
// replaces this module. Behaviour: an in-memory fake, whose `Messaging` has no UI.
public import Foundation
public import ZendeskSDK

/// The factory to pass to `Zendesk.initialize` for `Zendesk.instance?.messaging` to exist.
public final class DefaultMessagingFactory: NSObject, MessagingFactory {
    /// Creates the SDK's `Messaging`.
    public func createMessaging(with parameters: MessagingFactoryParameters) -> Messaging { Messaging() }

    /// The factory with the default colors.
    override public init() { super.init() }
}
