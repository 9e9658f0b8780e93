// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.
public import Foundation
public import ZendeskSDKConversationKit

/// The SDK's user (`getCurrentUser()`, `loginUser`'s result). The SDK creates it: no public init.
public final class ZendeskUser: NSObject, Codable {
    /// The SDK's id for the user.
    public let id: String
    /// The JWT's `external_id`; empty for an unauthenticated user.
    public let externalId: String
    /// How the user is authenticated.
    public let authenticationType: AuthenticationType

    init(id: String, externalId: String, authenticationType: AuthenticationType) {
        self.id = id
        self.externalId = externalId
        self.authenticationType = authenticationType
        super.init()
    }
}
