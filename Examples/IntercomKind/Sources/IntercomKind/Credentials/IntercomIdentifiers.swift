public import IdentityBridge

/// The identifiers Intercom sees for a user: the `user_id` and the email, each refused when
/// Intercom would hash or store other bytes than the caller meant.
public struct IntercomIdentifiers: Hashable, Sendable {
    /// The `user_id`, `nil` when absent or blank.
    public var userId: String?
    /// The email, `nil` when absent or blank.
    public var email: String?

    /// Checks `user`; `provider` names the instance in errors.
    public init(_ user: UserIdentity, provider: ProviderReference?) throws(IdentityError) {
        userId = try Self.checked(user.userId, field: "userId", provider: provider)
        email = try Self.checked(user.email, field: "email", provider: provider)
        if let email, !Self.isEmail(email) {
            throw IntercomFailureReason.emailInvalid.identityError(
                "email is not an address of the form name@example.com.", provider: provider)
        }
    }

    /// What `user_hash` covers: the `user_id`, or the email when there is no `user_id`.
    public func hashInput(provider: ProviderReference?) throws(IdentityError) -> String {
        guard let input = userId ?? email else {
            throw IntercomFailureReason.userIdMissing.identityError(
                "The user has neither a user_id nor an email; Intercom's user_hash covers one of them.", provider: provider)
        }
        return input
    }

    /// The `user_id` a JWT requires.
    public func requiredUserId(provider: ProviderReference?) throws(IdentityError) -> String {
        guard let userId else {
            throw IntercomFailureReason.userIdMissing.identityError(
                "An Intercom JWT requires a user_id claim; the user has none.", provider: provider)
        }
        return userId
    }

    private static func checked(_ value: String?, field: String, provider: ProviderReference?) throws(IdentityError) -> String? {
        guard let value, value.contains(where: { !$0.isWhitespace }) else { return nil }
        guard let first = value.first, let last = value.last, !first.isWhitespace, !last.isWhitespace else {
            let reason: IntercomFailureReason = field == "email" ? .emailInvalid : .identifierInvalid
            throw reason.identityError(
                "\(field) has spaces at its ends; the hash would cover them and match no Messenger boot.", field: field, provider: provider)
        }
        return value
    }

    /// One `@` with a non-empty local part and a dotted domain, no whitespace.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
