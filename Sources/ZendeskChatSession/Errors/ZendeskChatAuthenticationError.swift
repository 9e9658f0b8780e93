public import IdentityBridgeModel

/// The Chat SDK's `AuthenticationError` cases, posted with `Chat.NotificationAuthenticationFailed`,
/// each with the uniform code it maps to when only the vendor name is known.
///
/// Finer reasons (``ZendeskChatFailureReason``) refine `invalidAccessToken` into the exact check.
public enum ZendeskChatAuthenticationError: String, CaseIterable, Hashable, Sendable {
    /// "Invalid account key was provided to Chat SDK".
    case invalidAccountKey
    /// "Invalid access token was provided when calling getToken function".
    case invalidAccessToken
    /// "Invalid email was used to generate the JWT token".
    case invalidEmail
    /// "Invalid name was used to generate the JWT token".
    case invalidName
    /// "Invalid shared secret was used to generate the JWT token".
    case invalidSharedSecret
    /// "External user id in provided JWT has changed".
    case externalUserIdHasChanged
    /// "The provided JWT token has expired".
    case tokenHasExpired
    /// "Network error" (ChatProvidersSDK 5.0.5's `AuthenticationError.networkError`, code 509): the backend could
    /// not be reached, so no JWT was judged.
    case networkError

    /// The uniform code of this vendor error.
    public var uniformCode: IdentityError.Code {
        switch self {
        case .invalidAccountKey: .invalidAccountKey
        case .invalidAccessToken: .tokenInvalid
        case .invalidEmail: .invalidEmail
        case .invalidName: .invalidName
        case .invalidSharedSecret: .tokenInvalid
        case .externalUserIdHasChanged: .externalIdChanged
        case .tokenHasExpired: .tokenExpired
        case .networkError: .networkError
        }
    }

    /// The vendor's description of the error (from the specification's table).
    public var vendorDescription: String {
        switch self {
        case .invalidAccountKey: "Invalid account key was provided to Chat SDK"
        case .invalidAccessToken: "Invalid access token was provided when calling getToken function"
        case .invalidEmail: "Invalid email was used to generate the JWT token"
        case .invalidName: "Invalid name was used to generate the JWT token"
        case .invalidSharedSecret: "Invalid shared secret was used to generate the JWT token"
        case .externalUserIdHasChanged: "External user id in provided JWT has changed"
        case .tokenHasExpired: "The provided JWT token has expired"
        case .networkError: "Network error"
        }
    }
}
