/// Helpshift's email rule: "Email format should be valid (should be in the format "my@email.com")".
enum HelpshiftEmail {
    /// Whether `email` has the shape `local@domain.tld`: one `@`, a non-empty local part, a domain
    /// with a dot between non-empty labels, and no whitespace anywhere.
    static func isValid(_ email: String) -> Bool {
        guard !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
