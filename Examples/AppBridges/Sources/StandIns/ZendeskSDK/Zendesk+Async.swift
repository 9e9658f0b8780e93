// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.

@available(iOS 13.0.0, *)
extension Zendesk {
    /// `initialize(withChannelKey:messagingFactory:completionHandler:)`, async.
    public static func initialize(
        withChannelKey channelKey: String, messagingFactory: (any MessagingFactory)? = nil
    ) async throws -> Zendesk {
        try initialized(channelKey: channelKey, messagingFactory: messagingFactory).get()
    }

    /// `loginUser(with:completionHandler:)`, async.
    public func loginUser(with jwt: String) async throws -> ZendeskUser {
        try login(jwt).get()
    }

    /// `logoutUser(completionHandler:)`, async.
    public func logoutUser() async throws {
        try logout().get()
    }
}
