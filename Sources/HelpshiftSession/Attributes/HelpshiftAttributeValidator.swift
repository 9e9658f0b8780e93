package import IdentityBridgeModel

/// Validates `updateAppAttributes` / `updateMasterAttributes` dictionaries with the documented
/// types and limits, giving the per-key reason Helpshift would report.
package enum HelpshiftAttributeValidator {
    /// Which attributes call.
    package enum Kind: String, Sendable {
        /// `updateAppAttributes`.
        case app = "appAttributes"
        /// `updateMasterAttributes`.
        case master = "masterAttributes"
    }

    /// The master attribute keys Helpshift accepts (vendor-notes).
    package static let masterKeys: [String] = [
        "first_name", "last_name", "display_name", "full_name", "last_country", "last_city", "age", "lifetime_value",
        "user_persona", "user_vip_segment", "user_support_status", "last_active_date", "accepted_t_and_c",
        "preferred_language", "new_tags", "tags_to_remove", "reset_tags", "custom_user_fields",
    ]

    static func stringLimit(_ text: String) -> Int {
        text.contains(where: \.isNewline) ? HelpshiftLimits.multilineCustomFieldValueMaxLength : HelpshiftLimits.customFieldValueMaxLength
    }

    /// The reason `value` is refused as an app attribute value (`nil` when valid): String, Bool,
    /// Number, String array or String-String dictionary, within the length and collection limits.
    static func appValueProblem(_ value: JSONValue, elementLimit: Int? = nil) -> HelpshiftDataErrorReason? {
        switch value {
        case .bool, .int: return nil
        // NaN and infinity are not numbers Helpshift can store (no JSON form).
        case .double(let number): return number.isFinite ? nil : .invalidValueType
        case .string(let text): return text.count > (elementLimit ?? stringLimit(text)) ? .valueLengthLimitExceeded : nil
        case .array(let items):
            guard items.allSatisfy({ $0.stringValue != nil }) else { return .invalidValueType }
            if items.count > HelpshiftLimits.collectionMaxCount { return .countLimitExceeded }
            let limit = elementLimit ?? HelpshiftLimits.customFieldValueMaxLength
            return items.contains { ($0.stringValue ?? "").count > limit } ? .valueLengthLimitExceeded : nil
        case .object(let entries):
            guard entries.values.allSatisfy({ $0.stringValue != nil }) else { return .invalidValueType }
            if entries.count > HelpshiftLimits.collectionMaxCount { return .countLimitExceeded }
            if entries.keys.contains(where: { $0.count > HelpshiftLimits.keyMaxLength }) { return .keyLengthLimitExceeded }
            return entries.values.contains { text in (text.stringValue ?? "").count > stringLimit(text.stringValue ?? "") }
                ? .valueLengthLimitExceeded : nil
        case .null: return .invalidValueType
        }
    }

    /// The reason a master attribute is refused (`nil` when valid).
    static func masterProblem(_ key: String, _ value: JSONValue) -> HelpshiftDataErrorReason? {
        switch key {
        case "age":
            guard let age = value.intValue else { return .invalidValueType }
            return HelpshiftLimits.ageRange.contains(age) ? nil : .invalidValueType
        case "lifetime_value", "last_active_date":
            switch value {
            case .int: return nil
            case .double(let number): return number.isFinite ? nil : .invalidValueType
            default: return .invalidValueType
            }
        case "accepted_t_and_c", "reset_tags":
            return value.boolValue == nil ? .invalidValueType : nil
        case "new_tags", "tags_to_remove":
            guard case .array = value else { return .invalidValueType }
            return appValueProblem(value, elementLimit: HelpshiftLimits.userTagMaxLength)
        case "custom_user_fields":
            guard case .object = value else { return .invalidValueType }
            return appValueProblem(value)
        default:
            guard masterKeys.contains(key) else { return .unknownKey }
            guard let text = value.stringValue else { return .invalidValueType }
            return text.count > HelpshiftLimits.customFieldValueMaxLength ? .valueLengthLimitExceeded : nil
        }
    }

    /// Every per-key problem of `attributes` (`key -> reason`); empty when all are valid.
    package static func problems(_ attributes: [String: JSONValue], kind: Kind) -> [String: HelpshiftDataErrorReason] {
        var problems: [String: HelpshiftDataErrorReason] = [:]
        for (key, value) in attributes {
            if key.isBlank {
                problems[key] = .emptyData
            } else if key.count > HelpshiftLimits.keyMaxLength {
                problems[key] = .keyLengthLimitExceeded
            } else if let problem = kind == .app ? appValueProblem(value) : masterProblem(key, value) {
                problems[key] = problem
            }
        }
        return problems
    }

    /// Throws the uniform error for the first problem: `limit_exceeded` (vendor
    /// `HelpshiftEvent{App,Master}AttributesLimitExceeded`) for too many attributes, else the
    /// per-key reason's code with vendor `HelpshiftEventUpdate{App,Master}AttributesValidationFailed`.
    package static func validate(_ attributes: [String: JSONValue], kind: Kind, provider: ProviderReference?) throws(IdentityError) {
        let prefix = kind == .app ? "App" : "Master"
        if attributes.count > HelpshiftLimits.collectionMaxCount {
            throw IdentityError(
                .limitExceeded, field: kind.rawValue, vendorCode: "HelpshiftEvent\(prefix)AttributesLimitExceeded",
                message: "\(attributes.count) \(kind.rawValue) were given; at most \(HelpshiftLimits.collectionMaxCount) may be unsynced.",
                recovery: "Send at most \(HelpshiftLimits.collectionMaxCount) attributes per update.", provider: provider)
        }
        let found = problems(attributes, kind: kind)
        guard let key = found.keys.sorted().first, let reason = found[key] else { return }
        let detail = found.keys.sorted().map { "\($0): \(found[$0]?.rawValue ?? "")" }.joined(separator: ", ")
        throw IdentityError(
            reason.code, field: "\(kind.rawValue).\(key)", vendorCode: reason.rawValue,
            message: "HelpshiftEventUpdate\(prefix)AttributesValidationFailed: \(detail).", recovery: reason.recovery, provider: provider)
    }
}
