import Foundation
package import IdentityBridgeModel

/// The per-key error reasons in the data of IdentitiesDataInvalid, the attribute validation
/// failures and the sync failures (helpshift-events.txt), each with its uniform code.
package enum HelpshiftDataErrorReason: String, Sendable, CaseIterable {
    /// "Ensure key length is within permissible limit".
    case keyLengthLimitExceeded = "HelpshiftKeyLengthLimitExceeded"
    /// "Ensure value length is within permissible limit".
    case valueLengthLimitExceeded = "HelpshiftValueLengthLimitExceeded"
    /// "Ensure key or value is a valid non-empty value".
    case emptyData = "HelpshiftEmptyData"
    /// "Ensure total number of entries in metadata dictionary for this identity is within permissible limit".
    case metadataCountLimitExceeded = "HelpshiftMetadataCountLimitExceeded"
    /// "Ensure metadata key length is within permissible limit".
    case metadataKeyLengthLimitExceeded = "HelpshiftMetadataKeyLengthLimitExceeded"
    /// "Ensure metadata value length is within permissible limit".
    case metadataValueLengthLimitExceeded = "HelpshiftMetadataValueLengthLimitExceeded"
    /// "Ensure metadata key or value is a valid non-empty value".
    case metadataEmptyKeyOrValue = "HelpshiftMetadataEmptyKeyOrValue"
    /// "Reduce the number of entries in the collection for specified key".
    case countLimitExceeded = "HelpshiftCountLimitExceeded"
    /// "Ensure value is one of the supported types - String, Bool, Number, String array or a String - String dictionary".
    case invalidValueType = "HelpshiftInvalidValueType"
    /// Sync with the backend failed for the key ("NA" recovery).
    case invalidData = "HelpshiftInvalidData"
    /// IdentityBridge's name (the spec names none) for a master attribute key outside the documented list.
    case unknownKey = "HelpshiftUnknownKey"

    /// The uniform code.
    package var code: IdentityError.Code {
        switch self {
        case .keyLengthLimitExceeded, .valueLengthLimitExceeded, .metadataKeyLengthLimitExceeded, .metadataValueLengthLimitExceeded:
            .valueTooLong
        case .emptyData, .metadataEmptyKeyOrValue, .unknownKey: .claimInvalid
        case .metadataCountLimitExceeded, .countLimitExceeded: .limitExceeded
        case .invalidValueType: .invalidValueType
        case .invalidData: .syncFailed
        }
    }

    /// How to fix it (the spec's recovery column).
    package var recovery: String {
        switch self {
        case .keyLengthLimitExceeded: "Ensure key length is within permissible limit (\(HelpshiftLimits.keyMaxLength) characters)."
        case .valueLengthLimitExceeded: "Ensure value length is within permissible limit."
        case .emptyData: "Ensure key or value is a valid non-empty value."
        case .metadataCountLimitExceeded:
            "Ensure total number of entries in metadata dictionary for this identity is within permissible limit (\(HelpshiftLimits.collectionMaxCount))."
        case .metadataKeyLengthLimitExceeded:
            "Ensure metadata key length is within permissible limit (\(HelpshiftLimits.keyMaxLength) characters)."
        case .metadataValueLengthLimitExceeded:
            "Ensure metadata value length is within permissible limit (\(HelpshiftLimits.identityValueMaxLength) characters)."
        case .metadataEmptyKeyOrValue: "Ensure metadata key or value is a valid non-empty value."
        case .countLimitExceeded:
            "Reduce the number of entries in the collection for specified key (at most \(HelpshiftLimits.collectionMaxCount))."
        case .invalidValueType:
            "Ensure value is one of the supported types - String, Bool, Number, String array or a String - String dictionary."
        case .invalidData: "Check the key and value and retry the sync."
        case .unknownKey:
            "Use one of the documented master attribute keys: \(HelpshiftAttributeValidator.masterKeys.joined(separator: ", "))."
        }
    }

    /// Parses the constant (`HelpshiftEmptyData`) or the short name (`EmptyData`, `emptyData`).
    package init?(vendorName: String) {
        let key = HelpshiftNames.normalized(vendorName, prefixes: ["helpshift"])
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased().dropFirst("helpshift".count) == Substring(key) }) else {
            return nil
        }
        self = match
    }

    /// The uniform error for `key`.
    package func identityError(key: String, field: String? = nil, provider: ProviderReference? = nil) -> IdentityError {
        IdentityError(
            code, field: field ?? key, vendorCode: rawValue, message: "Helpshift refused \"\(key)\": \(rawValue).",
            recovery: recovery, provider: provider)
    }
}

/// Name normalization shared by the event and reason parsers: case-insensitive, vendor prefixes dropped.
enum HelpshiftNames {
    /// `name` lowercased with the first matching prefix (compared lowercased) removed.
    static func normalized(_ name: String, prefixes: [String]) -> String {
        let lower = name.trimmingCharacters(in: .whitespaces).lowercased()
        for prefix in prefixes where lower.hasPrefix(prefix) && lower.count > prefix.count {
            return String(lower.dropFirst(prefix.count))
        }
        return lower
    }
}
