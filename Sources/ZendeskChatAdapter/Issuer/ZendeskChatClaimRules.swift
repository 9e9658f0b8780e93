/// The value rules of the Chat JWT claims, shared by the issuer (before signing) and the
/// verifier (after decoding). Each returns the failure reason and a message, or `nil` when valid.
enum ZendeskChatClaimRules {
    /// `name`: a non-blank string without control characters.
    static func checkName(_ name: String) -> (ZendeskChatFailureReason, String)? {
        if name.allSatisfy(\.isWhitespace) { return (.nameInvalid, "The name is empty.") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return (.nameInvalid, "The name contains control characters.")
        }
        return nil
    }

    /// `email`: `local@domain.tld`, one `@`, no whitespace, at most 254 characters.
    static func checkEmail(_ email: String) -> (ZendeskChatFailureReason, String)? {
        guard isValidEmail(email) else { return (.emailInvalid, "\"\(email.prefix(80))\" is not a valid email address.") }
        return nil
    }

    /// Whether `email` looks like an address a vendor accepts.
    static func isValidEmail(_ email: String) -> Bool {
        guard email.count <= 254, !email.contains(where: { $0.isWhitespace }) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else { return false }
        return !email.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `external_id`: non-empty, at most 200 characters, no whitespace or control characters.
    ///
    /// The specification calls it "alphanumeric" yet gives `user-123456` as its example, so
    /// punctuation is accepted; whitespace and control characters are not.
    static func checkExternalId(_ id: String) -> (ZendeskChatFailureReason, String)? {
        if id.isEmpty { return (.externalIdInvalid, "The external_id is empty.") }
        if id.count > ZendeskChatLimits.externalIdMaxLength {
            return (.externalIdTooLong, "The external_id is \(id.count) characters long; at most \(ZendeskChatLimits.externalIdMaxLength) are allowed.")
        }
        if id.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return (.externalIdInvalid, "The external_id contains whitespace or control characters.")
        }
        return nil
    }
}
