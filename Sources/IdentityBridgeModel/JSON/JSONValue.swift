/// A JSON value: claims, credentials, event data and CLI output are all expressed with it.
///
/// Integers and non-integral numbers are kept apart, so a claim like `"iat": 1.5` can be told
/// from `"iat": 1`.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integral number that fits in 64 bits.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (key order is not significant; serialization sorts keys).
    case object([String: JSONValue])

    /// The string, if this is a string.
    @inlinable public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The integer, if this is an integral number.
    @inlinable public var intValue: Int64? { if case .int(let i) = self { return i } else { return nil } }
    /// The boolean, if this is a boolean.
    @inlinable public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The object, if this is an object.
    @inlinable public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o } else { return nil } }
    /// The array, if this is an array.
    @inlinable public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// Whether this is `null`.
    @inlinable public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// The JSON type name (`string`, `number`, `object`, ...), for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The JSON type name with its article (`an object`, `a string`, `null`), for error messages.
    package var typeNameWithArticle: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(typeName)"
        default: "a \(typeName)"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A float literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal (later duplicates win).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, new in new }))
    }
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}
