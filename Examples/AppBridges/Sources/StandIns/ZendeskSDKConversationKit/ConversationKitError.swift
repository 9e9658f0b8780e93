// STAND-IN for the module `ZendeskSDKConversationKit` of the Zendesk Messaging SDK for iOS, at
// zendesk/sdk_conversation_kit_ios 14.0.1, transcribed from `Interfaces/ZendeskSDKConversationKit.swiftinterface`
// (`ConversationKitError`, `AuthenticationDelegate`, `AuthenticationType`). Every public declaration is the
// vendor's; in an app the vendor's package replaces this module. Behaviour: an in-memory fake (the error's texts,
// from the strings of the vendor's binary, and its equality).
public import Foundation
public import ZendeskSDKHTTPClient

/// An error of the SDK's conversation layer: `loginUser` fails with `expiredJWT` or `failedToDecodeJWT`, and a
/// refused REST call carries its `HTTPError` in `httpError`. Its `NSError` code is `CustomNSError`'s default, not
/// an HTTP status.
public enum ConversationKitError: LocalizedError, CustomNSError, Equatable {
    case mappingError
    case incorrectAccessLevelForAction
    case httpError(description: String, httpError: HTTPError)
    case userExists
    case failedToDecodeJWT
    case expiredJWT

    /// The `NSError` domain: the type's name.
    public static var errorDomain: String { "ZendeskSDKConversationKit.ConversationKitError" }

    /// "The JWT has expired", "The JWT provided could not be decoded", …; `httpError`'s own description.
    public var errorDescription: String? {
        if case .mappingError = self { return "Internal mapping error, this should not occur" }
        if case .incorrectAccessLevelForAction = self { return "Action cannot be performed in current state of the SDK" }
        if case .httpError(let description, _) = self { return description }
        if case .userExists = self { return "User already exists" }
        if case .failedToDecodeJWT = self { return "The JWT provided could not be decoded" }
        return "The JWT has expired"
    }

    /// The `NSError` user info: the description, and `httpError`'s `HTTPError` as the underlying error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: errorDescription ?? ""]
        if case .httpError(_, let httpError) = self { info[NSUnderlyingErrorKey] = httpError }
        return info
    }

    /// The same case; for `httpError`, the same description and an equal `HTTPError`.
    public static func == (a: ConversationKitError, b: ConversationKitError) -> Bool {
        if case (.httpError(let l, let lError), .httpError(let r, let rError)) = (a, b) { return l == r && lError == rError }
        if case .httpError = a { return false }
        // The cases without values: equal when they are the same case.
        return String(describing: a) == String(describing: b)
    }
}
