// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.
public import Foundation

/// The Messaging instance (`Zendesk.messaging`); its UI is not part of the stand-in.
open class Messaging: NSObject {
    override public init() { super.init() }
}
