import IdentityBridge

/// Helpshift's email rule: "Email format should be valid (should be in the format "my@email.com")":
/// the shared shape with no length limit.
enum HelpshiftEmail {
    /// The rule's limits: none beyond the shape.
    static let rule = EmailRule()

    /// Whether `email` has the shape `local@domain.tld`.
    static func isValid(_ email: String) -> Bool { rule.accepts(email) }
}
