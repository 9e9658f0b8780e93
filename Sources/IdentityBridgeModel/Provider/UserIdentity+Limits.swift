extension UserIdentity {
    /// The ceilings every issuer applies to a user's free-text fields where the vendor states no
    /// limit of its own (a vendor's own limit, defined in its adapter's `…Limits`, is checked by the
    /// adapter): a longer value is refused with `value_too_long` and its field, before any work
    /// (signing, encoding) that would grow with it.
    public enum Limits {
        /// `name`: 1,024 UTF-8 bytes.
        package static let nameMaxBytes = 1_024
        /// `email`: 320 UTF-8 bytes (64 for the local part, `@`, 255 for the domain; RFC 3696 erratum 1690).
        public static let emailMaxBytes = 320

        /// Throws `value_too_long` (with the field, `name` or `email`) for the first value over its
        /// ceiling: the one check behind ``UserIdentity/checkLengths(name:email:provider:)`` when
        /// issuing and each verifier's check of a token's `name` and `email` claims, so both answer alike.
        public static func check(name: String?, email: String?, provider: ProviderReference? = nil) throws(IdentityError) {
            func check(_ value: String?, _ field: String, _ limit: Int) throws(IdentityError) {
                guard let value, value.utf8.count > limit else { return }
                throw IdentityError(
                    .valueTooLong, field: field, message: "\(field) is \(value.utf8.count) bytes long; at most \(limit) are accepted.",
                    recovery: "Shorten the \(field) to at most \(limit) UTF-8 bytes.", provider: provider)
            }
            try check(name, "name", nameMaxBytes)
            try check(email, "email", emailMaxBytes)
        }
    }

    /// Throws `value_too_long` (with the field, `name` or `email`) for the first field over its
    /// ceiling in ``Limits``. A vendor with a rule of its own for a field passes `false` for it
    /// (Helpshift truncates `userName` at 255 characters; every vendor limits the user id).
    public func checkLengths(name checkName: Bool = true, email checkEmail: Bool = true, provider: ProviderReference? = nil)
        throws(IdentityError)
    {
        try Limits.check(name: checkName ? name : nil, email: checkEmail ? email : nil, provider: provider)
    }
}
