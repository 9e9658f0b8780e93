// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.

/// Creates the SDK's `Messaging` (`DefaultMessagingFactory`, in `ZendeskSDKMessaging`).
public protocol MessagingFactory {
    func createMessaging(with parameters: MessagingFactoryParameters) -> Messaging
}
