// Part of the STAND-IN for `ZendeskSDKConversationKit` (see ConversationKitError.swift), transcribed from
// `Interfaces/ZendeskSDKConversationKit.swiftinterface`.

/// Set as `Zendesk.authenticationDelegate`: the SDK asks it for a fresh JWT when a request fails for invalid
/// authentication, and re-authenticates with it.
public protocol AuthenticationDelegate: AnyObject {
    /// Authentication callback invoked when invalid authentication is received; `completion` passes the refreshed
    /// JWT to be used for re-authentication.
    func onInvalidAuth(error: (any Error)?, completion: @escaping (String) -> Void)
}
