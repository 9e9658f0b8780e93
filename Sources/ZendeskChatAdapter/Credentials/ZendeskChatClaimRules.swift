import IdentityBridge

/// The value rules of the Chat JWT claims, shared by the issuer (before signing) and the
/// verifier (after decoding). Each returns the failure reason and a message, or `nil` when valid.
enum ZendeskChatClaimRules {
    /// `name`: a non-blank string without control characters.
    static func checkName(_ name: String) -> (ZendeskChatFailureReason, String)? {
        // A first byte that is printable ASCII other than space starts a non-whitespace first
        // character (Character.isWhitespace reads the first scalar): then the name is not blank.
        let startsPrintable = name.utf8.first.map { (0x21...0x7E).contains($0) } ?? false
        if !startsPrintable, name.allSatisfy(\.isWhitespace) { return (.nameInvalid, "The name is empty.") }
        if UTF8Text.hasControlCharacter(name) {
            return (.nameInvalid, "The name contains control characters.")
        }
        return nil
    }

    /// `email`: `local@domain.tld`, one `@`, no whitespace, at most 254 characters.
    static func checkEmail(_ email: String) -> (ZendeskChatFailureReason, String)? {
        guard isValidEmail(email) else {
            return (.emailInvalid, "\(JSONValue.string(String(email.prefix(80))).jsonString) is not a valid email address.")
        }
        return nil
    }

    /// The shared email shape with Chat's limits: at most `ZendeskChatLimits.emailMaxLength` characters,
    /// `emailLocalMaxLength` before the `@`, no control characters.
    static let emailRule = EmailRule(
        maxLength: ZendeskChatLimits.emailMaxLength, maxLocalLength: ZendeskChatLimits.emailLocalMaxLength,
        refusesControlCharacters: true)

    /// Whether `email` looks like an address a vendor accepts.
    static func isValidEmail(_ email: String) -> Bool { emailRule.accepts(email) }

    /// `external_id`: non-empty, at most 200 characters, no whitespace or control characters.
    ///
    /// The specification calls it "alphanumeric" yet gives `user-123456` as its example, so
    /// punctuation is accepted; whitespace and control characters are not.
    static func checkExternalId(_ id: String) -> (ZendeskChatFailureReason, String)? {
        if id.isEmpty { return (.externalIdInvalid, "The external_id is empty.") }
        // At most as many characters as UTF-8 bytes: count characters only for longer ids.
        if id.utf8.count > ZendeskChatLimits.externalIdMaxLength, id.count > ZendeskChatLimits.externalIdMaxLength {
            return (
                .externalIdTooLong,
                "The external_id is \(id.count) characters long; at most \(ZendeskChatLimits.externalIdMaxLength) are allowed."
            )
        }
        // ASCII: whitespace and control characters are exactly the bytes <= 0x20 and 0x7F.
        let asciiVerdict = UTF8Text.asciiHasSpaceOrControl(id)
        if asciiVerdict ?? id.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return (.externalIdInvalid, "The external_id contains whitespace or control characters.")
        }
        return nil
    }
}
