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

    /// ``parseObjectMembers(bytes:)`` over a collection's contiguous storage (a request body's
    /// readable bytes), or over a copy when it has none.
    package static func parseObjectMembers(contiguous bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONObjectMembers? {
        let parse = { (buffer: UnsafeBufferPointer<UInt8>) in
            Result { () throws(JSONParseError) in try parseObjectMembers(bytes: UnsafeRawBufferPointer(buffer)) }
        }
        return try (bytes.withContiguousStorageIfAvailable(parse) ?? Array(bytes).withUnsafeBufferPointer(parse)).get()
    }
}
