import Foundation
public import IdentityBridgeModel

/// One entry of the Identity System JWT's `identities` array: `{identifier, value, metadata}`.
public struct HelpshiftIdentity: Hashable, Sendable {
    /// The identifier names Helpshift documents (vendor-notes).
    public static let knownIdentifiers: [String] = [
        "uid", "email", "phone_number", "facebook_id", "discord_id", "whatsapp_id", "google_playstore_id",
        "apple_gamecenter_id", "nintendo_id", "psn_id", "xbox_live_id", "steam_id",
    ]

    /// The identifier name, e.g. `uid` or `email`.
    public var identifier: String
    /// The identity's value.
    public var value: String
    /// Free string metadata for this identity.
    public var metadata: [String: String]

    /// Creates an identity.
    public init(identifier: String, value: String, metadata: [String: String] = [:]) {
        self.identifier = identifier
        self.value = value
        self.metadata = metadata
    }

    /// `{"identifier", "value", "metadata"}` (metadata omitted when empty).
    public var json: JSONValue {
        var object: [String: JSONValue] = ["identifier": .string(identifier), "value": .string(value)]
        if !metadata.isEmpty { object["metadata"] = .object(metadata.mapValues(JSONValue.string)) }
        return .object(object)
    }

    /// The identities for `user`: `uid` from the user id, `email`, and every metadata entry whose key
    /// is a known identifier name (e.g. `phone_number`). Values empty after trimming are left out.
    public static func identities(for user: UserIdentity) -> [HelpshiftIdentity] {
        var result: [HelpshiftIdentity] = []
        if let id = user.userId, !id.isBlank { result.append(HelpshiftIdentity(identifier: "uid", value: id)) }
        if let email = user.email, !email.isBlank { result.append(HelpshiftIdentity(identifier: "email", value: email)) }
        for key in user.metadata.keys.sorted() where key != "uid" && key != "email" && knownIdentifiers.contains(key) {
            if let value = user.metadata[key], !value.isBlank { result.append(HelpshiftIdentity(identifier: key, value: value)) }
        }
        return result
    }
}

extension String {
    /// Whether `scalar` is a space or newline to Foundation's trimming (`whitespacesAndNewlines`,
    /// which also holds e.g. U+200B ZERO WIDTH SPACE); ASCII is decided without a `CharacterSet`.
    static func isTrimmedSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || CharacterSet.whitespacesAndNewlines.contains(scalar)
    }

    /// Whether the string is empty after trimming spaces and newlines. Both readings of "space"
    /// count: Swift's `Character.isWhitespace` and Foundation's trimming, so nothing the SDK trims
    /// away is taken as a value.
    package var isBlank: Bool {
        // A first byte that is printable ASCII other than space is a first scalar (and the first
        // character's first scalar, which Character.isWhitespace reads) that is not a space.
        if let first = utf8.first, (0x21...0x7E).contains(first) { return false }
        return allSatisfy(\.isWhitespace) || unicodeScalars.allSatisfy(Self.isTrimmedSpace)
    }
    /// Whether the string starts or ends with whitespace, in either reading of ``isBlank``.
    package var hasSpaceAtEnds: Bool {
        guard let firstScalar = unicodeScalars.first, let lastScalar = unicodeScalars.last else { return false }
        return Self.isTrimmedSpace(firstScalar) || Self.isTrimmedSpace(lastScalar)
            || (first?.isWhitespace ?? false) || (last?.isWhitespace ?? false)
    }
}
