import Foundation
import IdentityBridgeModel

/// Typed, liberal access to a Helpshift event's data dictionary: each field is found by its key
/// constant (`HelpshiftEventDataPublishID`) or its raw key (`publishId`), in any letter case.
struct HelpshiftEventData {
    private let entries: [String: (key: String, value: JSONValue)]
    let event: String

    static func normalize(_ key: String) -> String {
        HelpshiftNames.normalized(key, prefixes: ["helpshifteventdata"])
    }

    init(_ object: [String: JSONValue], event: String) {
        var entries: [String: (key: String, value: JSONValue)] = [:]
        for (key, value) in object { entries[Self.normalize(key)] = (key, value) }
        self.entries = entries
        self.event = event
    }

    /// The first present, non-null entry among `names` (constant suffixes or raw keys).
    func entry(_ names: [String]) -> (key: String, value: JSONValue)? {
        for name in names {
            if let found = entries[Self.normalize(name)], !found.value.isNull { return found }
        }
        return nil
    }

    func wrongType(_ key: String, _ value: JSONValue, expected: String) -> IdentityError {
        IdentityError(
            .invalidValueType, field: "data.\(key)", vendorCode: event,
            message: "\(event): \"\(key)\" is \(value.typeNameWithArticle); it must be \(expected).",
            recovery: "Send \"\(key)\" as \(expected), as the Helpshift SDK does.")
    }

    func missing(_ names: [String], expected: String) -> IdentityError {
        IdentityError(
            .invalidValueType, field: "data.\(names.last ?? "")", vendorCode: event,
            message: "\(event): the data has no \"\(names.last ?? "")\" (\(expected)).",
            recovery: "Include \"\(names.last ?? "")\" in the event data.")
    }

    func string(_ names: [String]) throws(IdentityError) -> String? {
        guard let (key, value) = entry(names) else { return nil }
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: throw wrongType(key, value, expected: "a string")
        }
    }

    func int(_ names: [String]) throws(IdentityError) -> Int64? {
        guard let (key, value) = entry(names) else { return nil }
        switch value {
        case .int(let number): return number
        case .double(let number) where number.isFinite && number.rounded(.towardZero) == number && abs(number) < 9e18:
            return Int64(number)
        case .string(let text):
            if let number = Int64(text.trimmingCharacters(in: .whitespaces)) { return number }
            throw wrongType(key, value, expected: "a number")
        default: throw wrongType(key, value, expected: "a number")
        }
    }

    func bool(_ names: [String]) throws(IdentityError) -> Bool? {
        guard let (key, value) = entry(names) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .int(0): return false
        case .int(1): return true
        case .string(let text) where ["true", "yes", "1"].contains(text.lowercased()): return true
        case .string(let text) where ["false", "no", "0"].contains(text.lowercased()): return false
        default: throw wrongType(key, value, expected: "a boolean")
        }
    }

    func array(_ names: [String]) throws(IdentityError) -> [JSONValue]? {
        guard let (key, value) = entry(names) else { return nil }
        guard let array = value.arrayValue else { throw wrongType(key, value, expected: "an array") }
        return array
    }

    /// Every entry as a `key -> reason string` map (the per-key error data of Identity System events).
    func reasons() throws(IdentityError) -> [String: String] {
        var result: [String: String] = [:]
        for (_, entry) in entries {
            guard let reason = entry.value.stringValue else {
                throw wrongType(entry.key, entry.value, expected: "a reason string such as HelpshiftEmptyData")
            }
            result[entry.key] = reason
        }
        return result
    }
}
