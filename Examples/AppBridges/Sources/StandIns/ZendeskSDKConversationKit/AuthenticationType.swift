// Part of the STAND-IN for `ZendeskSDKConversationKit` (see ConversationKitError.swift), transcribed from
// `Interfaces/ZendeskSDKConversationKit.swiftinterface`.

/// How the SDK's user is authenticated (`ZendeskUser.authenticationType`).
public enum AuthenticationType: Int, Codable {
    /// Anonymous session.
    case sessionToken
    /// Authenticated with a JWT (`loginUser(with:)`).
    case jwt
    /// Not authenticated, e.g. after a refused `loginUser`.
    case unauthenticated
}
