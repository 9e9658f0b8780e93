/// Typed access to JWT claims that throws uniform errors naming the claim at fault.
extension DecodedJWT {
    /// The string claim `name`; `claim_missing` when absent, `claim_invalid` when not a string.
    @inlinable
    public func requiredString(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> String {
        guard let value = claim(name) else { throw Self.missing(name, vendorCode) }
        guard let string = value.stringValue else { throw Self.wrongType(name, value, "a string", vendorCode) }
        return string
    }

    /// The string claim `name` or `nil`; `claim_invalid` when present but not a string.
    @inlinable
    public func optionalString(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> String? {
        guard let value = claim(name), !value.isNull else { return nil }
        guard let string = value.stringValue else { throw Self.wrongType(name, value, "a string", vendorCode) }
        return string
    }

    /// The integer (NumericDate) claim `name`; `claim_missing` when absent, `claim_invalid` when not an integer.
    @inlinable
    public func requiredInt(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> Int64 {
        guard let value = claim(name) else { throw Self.missing(name, vendorCode) }
        guard let int = value.intValue else { throw Self.wrongType(name, value, "an integer number of seconds", vendorCode) }
        return int
    }

    /// The integer claim `name` or `nil`; `claim_invalid` when present but not an integer.
    @inlinable
    public func optionalInt(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> Int64? {
        guard let value = claim(name), !value.isNull else { return nil }
        guard let int = value.intValue else { throw Self.wrongType(name, value, "an integer number of seconds", vendorCode) }
        return int
    }

    /// The integer claim `name` or `nil` when absent; `claim_invalid` when present but not an
    /// integer, `null` included: a present `exp` must be a number (see `JWTFreshness`).
    @inlinable
    package func presentInt(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> Int64? {
        guard let value = claim(name) else { return nil }
        guard let int = value.intValue else { throw Self.wrongType(name, value, "an integer number of seconds", vendorCode) }
        return int
    }

    /// The integer claim `name`; `claim_missing` when absent or `null` (a mandatory claim without
    /// a value), `claim_invalid` when present but not an integer.
    @inlinable
    package func mandatoryInt(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> Int64 {
        guard let value = claim(name), !value.isNull else { throw Self.missing(name, vendorCode) }
        guard let int = value.intValue else { throw Self.wrongType(name, value, "an integer number of seconds", vendorCode) }
        return int
    }

    /// The boolean claim `name` or `nil`; `claim_invalid` when present but not a boolean.
    @inlinable
    package func optionalBool(_ name: String, vendorCode: String? = nil) throws(IdentityError) -> Bool? {
        guard let value = claim(name), !value.isNull else { return nil }
        guard let bool = value.boolValue else { throw Self.wrongType(name, value, "a boolean", vendorCode) }
        return bool
    }

    @usableFromInline
    static func missing(_ name: String, _ vendorCode: String?) -> IdentityError {
        IdentityError(
            .claimMissing, field: name, vendorCode: vendorCode, message: "The JWT has no \"\(name)\" claim.",
            recovery: "Add the \"\(name)\" claim when issuing the JWT.")
    }

    @usableFromInline
    static func wrongType(_ name: String, _ value: JSONValue, _ expected: String, _ vendorCode: String?) -> IdentityError {
        .claimOfWrongType(name, value, expected: expected, vendorCode: vendorCode)
    }
}
