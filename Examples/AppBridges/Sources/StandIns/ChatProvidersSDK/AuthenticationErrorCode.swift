// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`.

/// The `errorCode` of an `AuthenticationError`.
public enum AuthenticationErrorCode: Int {
    case invalidAccountKey = 500
    case invalidAccessToken
    case invalidEmail
    case invalidName
    case invalidSharedSecret
    case tokenHasExpired
    case externalUserIdHasChanged
    case internalServerError
    case internalError
    case networkError
}
