/// The email address shape every vendor checks, written once: one `@` after a non-empty local part, a
/// domain of at least two non-empty dot-separated labels, no whitespace. Each vendor states its own
/// limits as data (`HelpshiftEmail.rule`, `ZendeskSupportIdentityRules.emailRule`, `ZendeskChatClaimRules.emailRule`).
package struct EmailRule: Sendable {
    /// The most characters, when the vendor sets a limit.
    package let maxLength: Int?
    /// The most characters before the `@`, when the vendor sets a limit.
    package let maxLocalLength: Int?
    /// Whether control characters (other than whitespace, always refused) are refused.
    package let refusesControlCharacters: Bool

    /// A rule with the given limits (none by default).
    package init(maxLength: Int? = nil, maxLocalLength: Int? = nil, refusesControlCharacters: Bool = false) {
        (self.maxLength, self.maxLocalLength, self.refusesControlCharacters) = (maxLength, maxLocalLength, refusesControlCharacters)
    }

    /// Whether `email` has the shape within the limits.
    package func accepts(_ email: String) -> Bool {
        let (maxLength, maxLocalLength) = (self.maxLength ?? .max, self.maxLocalLength ?? .max)
        if let shape = UTF8Text.asciiEmailShape(of: email) {
            // In ASCII every character is one byte (a CR LF pair, one character, is whitespace and
            // refused either way), so counts, the `@` split and the dot rules read the same on bytes.
            return shape.count <= maxLength && !shape.hasWhitespace && !(refusesControlCharacters && shape.hasOtherControl)
                && shape.atCount == 1 && shape.firstAt > 0 && shape.firstAt <= maxLocalLength && shape.hasDottedDomain
        }
        guard email.count <= maxLength, !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= maxLocalLength else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return false }
        return !refusesControlCharacters || !UTF8Text.hasControlCharacter(email)
    }
}
