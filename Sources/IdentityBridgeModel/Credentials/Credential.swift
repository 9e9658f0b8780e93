public import Foundation

/// What a provider hands a client app for one user: the SDK's login dictionary, a JWT, or a
/// Zendesk Support user token. ``fields`` is exactly the JSON `identityctl token` prints.
///
/// `description` names the fields but never prints their values.
public struct Credential: Hashable, Sendable, CustomStringConvertible {
    /// The fields as stored: a JWT credential (the common case of three of the four vendor
    /// surfaces) keeps its token alone, so issuing one builds no dictionary.
    package enum Storage: Sendable {
        case jwt(String)
        case fields([String: JSONValue])
    }

    package private(set) var storage: Storage

    /// The credential's fields, e.g. `["jwt": "eyJ..."]` or Helpshift's `userId`/`userAuthToken`.
    public var fields: [String: JSONValue] {
        get {
            switch storage {
            case .jwt(let token): ["jwt": .string(token)]
            case .fields(let fields): fields
            }
        }
        set { storage = .fields(newValue) }
        // In place: the dictionary is taken out of the storage first, so a mutation does not copy it.
        _modify {
            var fields = self.fields
            storage = .fields([:])
            defer { storage = .fields(fields) }
            yield &fields
        }
    }
    /// When the credential stops being accepted, if it expires.
    public var expiresAt: Date?

    /// Creates a credential from its fields.
    public init(fields: [String: JSONValue], expiresAt: Date? = nil) {
        self.init(storage: .fields(fields), expiresAt: expiresAt)
    }

    private init(storage: Storage, expiresAt: Date?) {
        self.storage = storage
        self.expiresAt = expiresAt
    }

    /// A credential that is one JWT: `{"jwt": token}`.
    public static func jwt(_ token: String, expiresAt: Date? = nil) -> Credential {
        Credential(storage: .jwt(token), expiresAt: expiresAt)
    }

    /// The `jwt` field, when there is one.
    public var jwt: String? { self["jwt"] }

    /// The string field `name`, when present.
    public subscript(name: String) -> String? {
        switch storage {
        case .jwt(let token): name == "jwt" ? token : nil
        case .fields(let fields): fields[name]?.stringValue
        }
    }

    /// The fields as a JSON object.
    public var json: JSONValue { .object(fields) }

    /// `Credential(jwt: <redacted>)`: names only, never values.
    public var description: String {
        "Credential(" + fields.keys.sorted().map { "\($0): <redacted>" }.joined(separator: ", ") + ")"
    }

    /// Equal fields and expiry, however the fields are stored.
    public static func == (lhs: Credential, rhs: Credential) -> Bool {
        guard lhs.expiresAt == rhs.expiresAt else { return false }
        if case .jwt(let left) = lhs.storage, case .jwt(let right) = rhs.storage { return left == right }
        return lhs.fields == rhs.fields
    }

    /// Hashes the fields and expiry (as `==` compares them).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
        hasher.combine(expiresAt)
    }
}

/// A credential that passed every check of its vendor.
public struct VerifiedCredential: Hashable, Sendable {
    /// The verified claims (for Helpshift digests: the user the digest proves).
    public var claims: [String: JSONValue]
    /// The key id that verified it, when the vendor uses key ids.
    public var keyID: String?

    /// Creates a verification result.
    public init(claims: [String: JSONValue], keyID: String? = nil) {
        self.claims = claims
        self.keyID = keyID
    }
}
