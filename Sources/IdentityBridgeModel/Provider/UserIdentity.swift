public import Foundation

/// A vendor-neutral description of an app user, as the backend knows them.
///
/// ```swift
/// let ann = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")
/// ```
public struct UserIdentity: Hashable, Sendable, Codable {
    /// The app's stable user id (Helpshift `userId`, Zendesk `external_id`).
    public var userId: String?
    /// The user's email address.
    public var email: String?
    /// The user's display name.
    public var name: String?
    /// Free metadata; adapters use what their vendor understands and ignore the rest.
    public var metadata: [String: String]

    /// Creates an identity; every field is optional.
    public init(userId: String? = nil, email: String? = nil, name: String? = nil, metadata: [String: String] = [:]) {
        self.userId = userId
        self.email = email
        self.name = name
        self.metadata = metadata
    }
}

/// The vendor's view of the current user after a login, a logout or a reset.
public struct ProviderUser: Hashable, Sendable {
    /// The vendor's own id for this user (opaque; stable across logins of the same user).
    public var vendorUserId: String
    /// The app's id for the user (`userId` / `external_id`), when known.
    public var externalId: String?
    /// The email the vendor holds for the user.
    public var email: String?
    /// The name the vendor holds for the user.
    public var name: String?
    /// Whether the vendor treats the user as anonymous.
    public var isAnonymous: Bool
    /// Whether the vendor verified the user's identity (a valid HMAC or JWT).
    public var isAuthenticated: Bool

    /// Creates a user description.
    public init(
        vendorUserId: String, externalId: String? = nil, email: String? = nil, name: String? = nil,
        isAnonymous: Bool, isAuthenticated: Bool
    ) {
        self.vendorUserId = vendorUserId
        self.externalId = externalId
        self.email = email
        self.name = name
        self.isAnonymous = isAnonymous
        self.isAuthenticated = isAuthenticated
    }

    /// The user as a JSON object (`vendor_user_id`, `external_id`, `email`, `name`, `anonymous`, `authenticated`).
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "vendor_user_id": .string(vendorUserId),
            "anonymous": .bool(isAnonymous),
            "authenticated": .bool(isAuthenticated),
        ]
        if let externalId { object["external_id"] = .string(externalId) }
        if let email { object["email"] = .string(email) }
        if let name { object["name"] = .string(name) }
        return .object(object)
    }
}

/// The result of a successful login.
public struct IdentitySession: Hashable, Sendable {
    /// The provider instance that logged the user in.
    public var provider: ProviderReference
    /// The vendor's view of the logged-in user.
    public var user: ProviderUser
    /// When the credential behind this session stops being accepted, if it expires.
    public var expiresAt: Date?

    /// Creates a session description.
    public init(provider: ProviderReference, user: ProviderUser, expiresAt: Date? = nil) {
        self.provider = provider
        self.user = user
        self.expiresAt = expiresAt
    }
}
