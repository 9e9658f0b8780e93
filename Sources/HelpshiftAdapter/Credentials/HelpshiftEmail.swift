import IdentityBridge

/// Helpshift's email rule: "Email format should be valid (should be in the format "my@email.com")".
enum HelpshiftEmail {
    /// Whether `email` has the shape `local@domain.tld`: one `@`, a non-empty local part, a domain
    /// with a dot between non-empty labels, and no whitespace anywhere.
    static func isValid(_ email: String) -> Bool {
        if let ascii = asciiVerdict(email) { return ascii }
        guard !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// `isValid(_:)` read on the bytes of an all-ASCII string (`nil` for any other): in ASCII
    /// every character is one byte except CR LF, which is whitespace and refused either way, and
    /// the whitespace characters are HT, LF, VT, FF, CR and space.
    private static func asciiVerdict(_ email: String) -> Bool? {
        guard let shape = UTF8Text.asciiEmailShape(of: email) else { return nil }
        // Labels of the domain: at least two, none empty.
        return !shape.hasWhitespace && shape.atCount == 1 && shape.firstAt > 0 && shape.hasDottedDomain
    }
}
