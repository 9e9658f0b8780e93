import IdentityBridge

/// Value rules for names and emails of Zendesk Support identities.
enum ZendeskSupportIdentityRules {
    /// The shared email shape with Support's limit: at most `ZendeskSupportLimits.emailMaxLength` characters.
    static let emailRule = EmailRule(maxLength: ZendeskSupportLimits.emailMaxLength)

    /// Whether `email` is `local@domain.tld` without whitespace, at most 254 characters.
    static func isValidEmail(_ email: String) -> Bool { emailRule.accepts(email) }

    /// `invalid_email` when `email` is present and invalid.
    static func checkEmail(_ email: String, provider: ProviderReference?) throws(IdentityError) {
        guard isValidEmail(email) else {
            throw IdentityError(
                .invalidEmail, field: "email",
                message: "\(JSONValue.string(String(email.prefix(80))).jsonString) is not a valid email address.",
                recovery: "Pass an address like name@example.com, or leave email out.", provider: provider)
        }
    }

    /// `invalid_name` when `name` is present but blank or has control characters.
    static func checkName(_ name: String, provider: ProviderReference?) throws(IdentityError) {
        // A first byte that is printable ASCII other than space starts a non-whitespace first
        // character (Character.isWhitespace reads the first scalar): then the name is not blank.
        let startsPrintable = name.utf8.first.map { (0x21...0x7E).contains($0) } ?? false
        if (!startsPrintable && name.allSatisfy(\.isWhitespace)) || UTF8Text.hasControlCharacter(name) {
            throw IdentityError(
                .invalidName, field: "name", message: "The name is blank or contains control characters.",
                recovery: "Pass the user's display name, or leave name out.", provider: provider)
        }
    }

    /// `invalid_identifier` when the user id is blank or has leading/trailing whitespace.
    static func checkUserId(_ id: String, provider: ProviderReference?) throws(IdentityError) {
        if id.isEmpty || id.first?.isWhitespace == true || id.last?.isWhitespace == true {
            throw IdentityError(
                .invalidIdentifier, field: "userId", message: "The user id is empty or has spaces at its ends.",
                recovery: "Pass the user's stable id without surrounding spaces.", provider: provider)
        }
    }

    /// Name and email are required for the JWT: `invalid_name` / `missing_identifier`.
    @discardableResult
    static func requireNameAndEmail(name: String?, email: String?, field: String, provider: ProviderReference?) throws(IdentityError) -> (
        name: String, email: String
    ) {
        guard let name else {
            throw IdentityError(
                .invalidName, field: "name", message: "Zendesk's JWT requires a name; the \(field) has none.",
                recovery: "Issue the user token for a user with a name.", provider: provider)
        }
        try checkName(name, provider: provider)
        guard let email else {
            throw IdentityError(
                .missingIdentifier, field: "email", message: "Zendesk's JWT requires an email; the \(field) has none.",
                recovery: "Issue the user token for a user with an email address.", provider: provider)
        }
        try checkEmail(email, provider: provider)
        return (name, email)
    }
}
