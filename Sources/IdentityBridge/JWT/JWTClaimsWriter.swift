/// Writes a JWT claims object straight into JSON bytes, in call order, without building a
/// dictionary first. Every string is escaped correctly for any Unicode content.
///
/// ```swift
/// let jwt = signer.sign { claims in
///     claims.add("external_id", "u-1")
///     claims.add("iat", 1_767_225_600)
/// }
/// ```
public struct JWTClaimsWriter {
    /// The JSON written so far (an object still open until ``finish()``).
    public private(set) var bytes: [UInt8]
    private var isEmpty = true

    /// Starts an empty object.
    public init(capacity: Int = 192) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: String) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        JSONValue.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds a string claim.
    public mutating func add(_ name: String, _ value: String) {
        key(name)
        JSONValue.writeString(value, into: &bytes)
    }

    /// Adds an integer claim.
    public mutating func add(_ name: String, _ value: Int64) {
        key(name)
        JSONValue.writeInteger(value, into: &bytes)
    }

    /// Adds a boolean claim.
    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Adds any JSON value as a claim.
    public mutating func add(_ name: String, _ value: JSONValue) {
        key(name)
        value.write(into: &bytes)
    }

    /// Adds a string claim only when `value` is non-nil.
    public mutating func addIfPresent(_ name: String, _ value: String?) {
        if let value { add(name, value) }
    }

    /// Closes the object and returns its bytes.
    public mutating func finish() -> [UInt8] {
        close()
        return bytes
    }

    /// Closes the object in place.
    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
    }
}
