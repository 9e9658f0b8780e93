import Foundation
import HelpshiftAdapter
import IdentityBridge

/// The simulator's own reading of the attribute rules (types, lengths, counts, master keys).
enum SimulatorAttributeRules {
    static let masterStringKeys: Set<String> = [
        "first_name", "last_name", "display_name", "full_name", "last_country", "last_city", "user_persona",
        "user_vip_segment", "user_support_status", "preferred_language",
    ]

    static func textTooLong(_ text: String, limit: Int? = nil) -> Bool {
        // "multiline CUF": any line break makes a value multiline (\n, \r, \r\n, U+2028, U+2029, U+0085, ...).
        let multiline = text.unicodeScalars.contains { CharacterSet.newlines.contains($0) }
        let max = limit ?? (multiline ? HelpshiftLimits.multilineCustomFieldValueMaxLength : HelpshiftLimits.customFieldValueMaxLength)
        return text.count > max
    }

    static func problem(key: String, value: JSONValue, master: Bool) -> String? {
        if key.trimmingCharacters(in: .whitespaces).isEmpty { return "HelpshiftEmptyData" }
        if key.count > HelpshiftLimits.keyMaxLength { return "HelpshiftKeyLengthLimitExceeded" }
        if master {
            switch key {
            case "age":
                guard let age = value.intValue, HelpshiftLimits.ageRange.contains(age) else { return "HelpshiftInvalidValueType" }
                return nil
            case "lifetime_value", "last_active_date":
                if case .int = value { return nil }
                if case .double(let number) = value, number.isFinite { return nil }
                return "HelpshiftInvalidValueType"
            case "accepted_t_and_c", "reset_tags":
                return value.boolValue == nil ? "HelpshiftInvalidValueType" : nil
            case "new_tags", "tags_to_remove":
                guard let tags = value.arrayValue else { return "HelpshiftInvalidValueType" }
                return list(tags, limit: HelpshiftLimits.userTagMaxLength)
            case "custom_user_fields":
                guard let fields = value.objectValue else { return "HelpshiftInvalidValueType" }
                return dictionary(fields)
            default:
                guard masterStringKeys.contains(key) else { return "HelpshiftUnknownKey" }
                guard let text = value.stringValue else { return "HelpshiftInvalidValueType" }
                return textTooLong(text, limit: HelpshiftLimits.customFieldValueMaxLength) ? "HelpshiftValueLengthLimitExceeded" : nil
            }
        }
        switch value {
        case .bool, .int: return nil
        // "Number": NaN and infinity have no JSON form, the backend cannot store them.
        case .double(let number): return number.isFinite ? nil : "HelpshiftInvalidValueType"
        case .string(let text): return textTooLong(text) ? "HelpshiftValueLengthLimitExceeded" : nil
        case .array(let items): return list(items, limit: HelpshiftLimits.customFieldValueMaxLength)
        case .object(let fields): return dictionary(fields)
        case .null: return "HelpshiftInvalidValueType"
        }
    }

    static func list(_ items: [JSONValue], limit: Int) -> String? {
        let strings = items.compactMap(\.stringValue)
        guard strings.count == items.count else { return "HelpshiftInvalidValueType" }
        if strings.count > HelpshiftLimits.collectionMaxCount { return "HelpshiftCountLimitExceeded" }
        return strings.contains { textTooLong($0, limit: limit) } ? "HelpshiftValueLengthLimitExceeded" : nil
    }

    static func dictionary(_ fields: [String: JSONValue]) -> String? {
        let strings = fields.compactMapValues(\.stringValue)
        guard strings.count == fields.count else { return "HelpshiftInvalidValueType" }
        if strings.count > HelpshiftLimits.collectionMaxCount { return "HelpshiftCountLimitExceeded" }
        if strings.keys.contains(where: { $0.count > HelpshiftLimits.keyMaxLength }) { return "HelpshiftKeyLengthLimitExceeded" }
        return strings.values.contains { textTooLong($0) } ? "HelpshiftValueLengthLimitExceeded" : nil
    }
}
