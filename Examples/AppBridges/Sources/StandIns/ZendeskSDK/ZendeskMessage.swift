// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.
public import Foundation

/// A message `ZendeskEvent.messagesShown` lists.
public final class ZendeskMessage: NSObject, Codable {
    public let id: String
    public let role: ZendeskRole
    public let timestamp: Date

    public init(id: String, role: ZendeskRole, timestamp: Date) {
        self.id = id
        self.role = role
        self.timestamp = timestamp
        super.init()
    }
}
