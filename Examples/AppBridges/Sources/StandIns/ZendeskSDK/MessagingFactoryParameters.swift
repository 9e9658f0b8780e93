// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.
public import Foundation

/// What `initialize` passes to its `MessagingFactory`. The SDK creates it: no public init.
public final class MessagingFactoryParameters: NSObject {
    override init() { super.init() }
}
