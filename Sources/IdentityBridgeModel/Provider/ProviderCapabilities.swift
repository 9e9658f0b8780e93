/// What a provider can do. Operations outside its capabilities fail with
/// ``IdentityError/Code/unsupportedOperation``, never silently.
public struct ProviderCapabilities: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt32

    /// Creates a set from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Users can use support without logging in.
    public static let anonymousUsers = ProviderCapabilities(rawValue: 1 << 0)
    /// Identity is proven with a JSON Web Token.
    public static let jwt = ProviderCapabilities(rawValue: 1 << 1)
    /// Identity is proven with an HMAC digest.
    public static let hmac = ProviderCapabilities(rawValue: 1 << 2)
    /// Anonymous users are merged into existing users on login.
    public static let merges = ProviderCapabilities(rawValue: 1 << 3)
    /// The identity can be reset to a new anonymous user.
    public static let reset = ProviderCapabilities(rawValue: 1 << 4)
    /// Identity System style login with several identities in one JWT.
    public static let identitySystem = ProviderCapabilities(rawValue: 1 << 5)
    /// The user can log out.
    public static let logout = ProviderCapabilities(rawValue: 1 << 6)
    /// Signing keys can be rotated (several keys verify, one signs).
    public static let keyRotation = ProviderCapabilities(rawValue: 1 << 7)
    /// The backend exchanges an opaque user token for a JWT (Zendesk Support's JWT endpoint).
    public static let tokenExchange = ProviderCapabilities(rawValue: 1 << 8)
    /// Conversations and messages can be driven (simulated support sessions).
    public static let conversations = ProviderCapabilities(rawValue: 1 << 9)

    /// Every capability with its stable snake_case name, in declaration order.
    public static let named: [(name: String, capability: ProviderCapabilities)] = [
        ("anonymous_users", .anonymousUsers), ("jwt", .jwt), ("hmac", .hmac), ("merges", .merges),
        ("reset", .reset), ("identity_system", .identitySystem), ("logout", .logout),
        ("key_rotation", .keyRotation), ("token_exchange", .tokenExchange), ("conversations", .conversations),
    ]

    /// The snake_case names of the capabilities in this set.
    public var names: [String] { Self.named.filter { contains($0.capability) }.map(\.name) }
}
