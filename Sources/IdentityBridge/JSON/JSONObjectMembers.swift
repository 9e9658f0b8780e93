/// A JSON object's members in document order, as ``JSONValue/parseObjectMembers(bytes:)`` reads
/// them from a request body: each lookup is a linear scan, which for the handful of members of a
/// request costs less than hashing every key into a dictionary.
///
/// ```swift
/// guard let body = try JSONValue.parseObjectMembers(bytes: buffer) else { /* not an object */ }
/// let userId = body["user_id"]?.stringValue
/// ```
package struct JSONObjectMembers: Sendable {
    let members: [JSONMember]

    /// The value of member `key`, if the object has one (keys are unique: duplicates are refused).
    package subscript(key: String) -> JSONValue? { members.value(named: key) }

    /// The number of members.
    package var count: Int { members.count }

    /// The members as a dictionary.
    package var dictionary: [String: JSONValue] { members.dictionary }
}

extension JSONValue {
    /// Parses UTF-8 bytes that hold one JSON value, strictly as ``parse(_:rejectDuplicateKeys:)``
    /// does (duplicate keys refused): its members when it is an object, `nil` when it is another
    /// value. No copy of the input is made and no dictionary is built.
    package static func parseObjectMembers(bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONObjectMembers? {
        let result = parseObjectMembers(buffer: bytes.assumingMemoryBound(to: UInt8.self))
        return try result.get().map(JSONObjectMembers.init(members:))
    }
}
