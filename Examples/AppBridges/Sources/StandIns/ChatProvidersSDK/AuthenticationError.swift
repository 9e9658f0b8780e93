// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`.
public import Foundation

/// Why authentication failed (posted with `Chat.NotificationAuthenticationFailed`).
public enum AuthenticationError: LocalizedError, CustomNSError {
    case invalidAccountKey(String)
    case invalidAccessToken(String)
    case invalidEmail(String)
    case invalidName(String)
    case invalidSharedSecret(String)
    case tokenHasExpired(String)
    case externalUserIdHasChanged(String)
    case internalServerError
    case internalError
    case networkError(any Error)

    /// The error domain (the stand-in's value; the vendor's is not documented).
    public var errorDomain: String { "ZDKAuthenticationError" }

    /// The description under `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: localizedDescription] }

    /// The case's message.
    public var localizedDescription: String { codeAndMessage.message }

    /// `localizedDescription`.
    public var errorDescription: String? { localizedDescription }

    /// The `AuthenticationErrorCode` of the case.
    public var errorCode: Int { codeAndMessage.code.rawValue }

    // `if case` rather than `switch`: `.ci/standins.py` reads a line that starts with `case` as an enum case.
    private var codeAndMessage: (code: AuthenticationErrorCode, message: String) {
        if case .invalidAccountKey(let message) = self { return (.invalidAccountKey, message) }
        if case .invalidAccessToken(let message) = self { return (.invalidAccessToken, message) }
        if case .invalidEmail(let message) = self { return (.invalidEmail, message) }
        if case .invalidName(let message) = self { return (.invalidName, message) }
        if case .invalidSharedSecret(let message) = self { return (.invalidSharedSecret, message) }
        if case .tokenHasExpired(let message) = self { return (.tokenHasExpired, message) }
        if case .externalUserIdHasChanged(let message) = self { return (.externalUserIdHasChanged, message) }
        if case .networkError(let error) = self { return (.networkError, error.localizedDescription) }
        if case .internalServerError = self { return (.internalServerError, "Internal server error") }
        return (.internalError, "Internal error")
    }
}
