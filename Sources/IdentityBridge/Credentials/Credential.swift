public import Foundation

/// What a provider hands a client app for one user: the SDK's login dictionary, a JWT, or a
/// Zendesk Support user token. ``fields`` is exactly the JSON `identityctl token` prints.
///
/// `description` names the fields but never prints their values.
public struct Credential: Hashable, Sendable, CustomStringConvertible {
    /// The credential's fields, e.g. `["jwt": "eyJ..."]` or Helpshift's `userId`/`userAuthToken`.
    public var fields: [String: JSONValue]
    /// When the credential stops being accepted, if it expires.
    public var expiresAt: Date?

    /// Creates a credential from its fields.
    public init(fields: [String: JSONValue], expiresAt: Date? = nil) {
        self.fields = fields
        self.expiresAt = expiresAt
    }

    /// A credential that is one JWT: `{"jwt": token}`.
    public static func jwt(_ token: String, expiresAt: Date? = nil) -> Credential {
        Credential(fields: ["jwt": .string(token)], expiresAt: expiresAt)
    }

    /// The `jwt` field, when there is one.
    public var jwt: String? { fields["jwt"]?.stringValue }

    /// The string field `name`, when present.
    public subscript(name: String) -> String? { fields[name]?.stringValue }

    /// The fields as a JSON object.
    public var json: JSONValue { .object(fields) }

    /// `Credential(jwt: <redacted>)`: names only, never values.
    public var description: String {
        "Credential(" + fields.keys.sorted().map { "\($0): <redacted>" }.joined(separator: ", ") + ")"
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
