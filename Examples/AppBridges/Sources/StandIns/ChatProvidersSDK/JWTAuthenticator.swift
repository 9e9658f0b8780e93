// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`.
public import Foundation

/// Retrieves the JWT the Chat backend authenticates the visitor with; called every time authentication is required.
public protocol JWTAuthenticator: NSObjectProtocol {
    /// Calls `completion(token, nil)` or `completion(nil, error)`, once.
    func getToken(_ completion: @escaping (String?, (any Error)?) -> Void)
}
