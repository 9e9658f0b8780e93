package import IdentityBridgeModel

/// Every event of helpshift-events.txt: its constant, the raw values accepted for it, and its
/// uniform name. Names are matched case-insensitively after dropping the `HelpshiftEventName`,
/// `HelpshiftEvent` or `Helpshift` prefix, so the constant and the raw value both work.
///
/// Where the spec gives only a constant, the accepted raw value is derived by dropping the prefix
/// and lowercasing the first letter (`HelpshiftEventUserSessionExpired` -> `userSessionExpired`).
public enum HelpshiftEvent: String, Sendable, CaseIterable {
    /// `HelpshiftEventNameConversationStatus`.
    case conversationStatus = "HelpshiftEventNameConversationStatus"
    /// `HelpshiftEventNameWidgetToggle`.
    case widgetToggle = "HelpshiftEventNameWidgetToggle"
    /// `HelpshiftEventNameConversationStart`.
    case conversationStart = "HelpshiftEventNameConversationStart"
    /// `HelpshiftEventNameMessageAdd`.
    case messageAdd = "HelpshiftEventNameMessageAdd"
    /// `HelpshiftEventNameAgentMessageReceived`.
    case agentMessageReceived = "HelpshiftEventNameAgentMessageReceived"
    /// `HelpshiftEventNameUserClickOnAction`.
    case userClickOnAction = "HelpshiftEventNameUserClickOnAction"
    /// `HelpshiftEventNameCSATSubmit`.
    case csatSubmit = "HelpshiftEventNameCSATSubmit"
    /// `HelpshiftEventNameConversationEnd`.
    case conversationEnd = "HelpshiftEventNameConversationEnd"
    /// `HelpshiftEventNameConversationRejected`.
    case conversationRejected = "HelpshiftEventNameConversationRejected"
    /// `HelpshiftEventNameConversationResolved`.
    case conversationResolved = "HelpshiftEventNameConversationResolved"
    /// `HelpshiftEventNameConversationReopened`.
    case conversationReopened = "HelpshiftEventNameConversationReopened"
    /// `HelpshiftEventNameSessionStarted`.
    case sessionStarted = "HelpshiftEventNameSessionStarted"
    /// `HelpshiftEventNameSessionEnded`.
    case sessionEnded = "HelpshiftEventNameSessionEnded"
    /// `HelpshiftEventNameReceivedUnreadMessageCount`.
    case receivedUnreadMessageCount = "HelpshiftEventNameReceivedUnreadMessageCount"
    /// `HelpshiftEventNameAuthenticationFailed`.
    case authenticationFailed = "HelpshiftEventNameAuthenticationFailed"
    /// `HelpshiftIdentityTokenInvalid`.
    case identityTokenInvalid = "HelpshiftIdentityTokenInvalid"
    /// `HelpshiftIatIsMandatory`.
    case iatIsMandatory = "HelpshiftIatIsMandatory"
    /// `HelpshiftIdentitiesDataInvalid`.
    case identitiesDataInvalid = "HelpshiftIdentitiesDataInvalid"
    /// `HelpshiftIdentitiesSizeLimitExceeded`.
    case identitiesSizeLimitExceeded = "HelpshiftIdentitiesSizeLimitExceeded"
    /// `HelpshiftEventAddUserIdentitiesSyncFailed`.
    case addUserIdentitiesSyncFailed = "HelpshiftEventAddUserIdentitiesSyncFailed"
    /// `HelpshiftEventAppAttributesLimitExceeded`.
    case appAttributesLimitExceeded = "HelpshiftEventAppAttributesLimitExceeded"
    /// `HelpshiftEventMasterAttributesLimitExceeded`.
    case masterAttributesLimitExceeded = "HelpshiftEventMasterAttributesLimitExceeded"
    /// `HelpshiftEventAttributesDataInvalid` (HelpshiftX 10.4.0 and later; its value is "attributesDataInvalid").
    case attributesDataInvalid = "HelpshiftEventAttributesDataInvalid"
    /// `HelpshiftEventUpdateAppAttributesValidationFailed`.
    case updateAppAttributesValidationFailed = "HelpshiftEventUpdateAppAttributesValidationFailed"
    /// `HelpshiftEventUpdateMasterAttributesValidationFailed`.
    case updateMasterAttributesValidationFailed = "HelpshiftEventUpdateMasterAttributesValidationFailed"
    /// `HelpshiftEventUpdateAppAttributesSyncFailed`.
    case updateAppAttributesSyncFailed = "HelpshiftEventUpdateAppAttributesSyncFailed"
    /// `HelpshiftEventUpdateMasterAttributesSyncFailed`.
    case updateMasterAttributesSyncFailed = "HelpshiftEventUpdateMasterAttributesSyncFailed"
    /// `HelpshiftEventUserIdentityNotEnabled`.
    case userIdentityNotEnabled = "HelpshiftEventUserIdentityNotEnabled"
    /// `HelpshiftEventUserSessionExpired`.
    case userSessionExpired = "HelpshiftEventUserSessionExpired"
    /// `HelpshiftEventRefreshUserCredentials`.
    case refreshUserCredentials = "HelpshiftEventRefreshUserCredentials"

    /// The constant name, e.g. `HelpshiftEventNameAgentMessageReceived`.
    public var constant: String { rawValue }

    /// The raw values accepted (the first is the one the SDK sends; the rest are aliases).
    package var rawNames: [String] {
        switch self {
        case .conversationStatus: ["conversationStatus"]
        case .widgetToggle: ["widgetToggle"]
        case .conversationStart: ["conversationStart"]
        case .messageAdd: ["messageAdd"]
        case .agentMessageReceived: ["agentMessageReceived"]
        case .userClickOnAction: ["userClickOnAction"]
        case .csatSubmit: ["csatSubmit"]
        case .conversationEnd: ["conversationEnd"]
        case .conversationRejected: ["conversationRejected"]
        case .conversationResolved: ["conversationResolved"]
        case .conversationReopened: ["conversationReopened"]
        case .sessionStarted: ["helpshiftSessionStarted", "sessionStarted"]
        case .sessionEnded: ["helpshiftSessionEnded", "sessionEnded"]
        // The spec's table names the event `HelpshiftEventDataUnreadMessageCount`; accepted too.
        case .receivedUnreadMessageCount: ["receivedUnreadMessageCount", "unreadMessageCount", "HelpshiftEventDataUnreadMessageCount"]
        // The delegate callback authenticationFailedForUser(with:) as an event (data: {"reason": ...}).
        case .authenticationFailed: ["authenticationFailed", "authenticationFailedForUser"]
        case .identityTokenInvalid: ["identityTokenInvalid"]
        case .iatIsMandatory: ["iatIsMandatory"]
        case .identitiesDataInvalid: ["identitiesDataInvalid"]
        case .identitiesSizeLimitExceeded: ["identitiesSizeLimitExceeded"]
        // HelpshiftX 10.4.1's constant `HelpshiftEventAddUserIdentitiesSyncFailed` holds "identityDataSyncFailed".
        case .addUserIdentitiesSyncFailed: ["identityDataSyncFailed", "addUserIdentitiesSyncFailed"]
        case .appAttributesLimitExceeded: ["appAttributesLimitExceeded"]
        case .masterAttributesLimitExceeded: ["masterAttributesLimitExceeded"]
        // HelpshiftX 10.4.1's `HelpshiftEventUpdate{App,Master}Attributes{ValidationFailed,SyncFailed}` hold values
        // without "update" (Examples/AppBridges/Interfaces/HelpshiftX.h); the constants' names are accepted too.
        case .attributesDataInvalid: ["attributesDataInvalid"]
        case .updateAppAttributesValidationFailed: ["appAttributesValidationFailed"]
        case .updateMasterAttributesValidationFailed: ["masterAttributesValidationFailed"]
        case .updateAppAttributesSyncFailed: ["appAttributesSyncFailed"]
        case .updateMasterAttributesSyncFailed: ["masterAttributesSyncFailed"]
        case .userIdentityNotEnabled: ["userIdentityNotEnabled"]
        case .userSessionExpired: ["userSessionExpired"]
        case .refreshUserCredentials: ["refreshUserCredentials"]
        }
    }

    /// The uniform name this event maps to.
    package var uniformName: IdentityEvent.Name {
        switch self {
        case .conversationStatus: .conversationStatus
        case .widgetToggle: .widgetToggled
        case .conversationStart: .conversationStarted
        case .messageAdd: .messageAdded
        case .agentMessageReceived: .agentMessageReceived
        case .userClickOnAction: .actionClicked
        case .csatSubmit: .csatSubmitted
        case .conversationEnd: .conversationEnded
        case .conversationRejected: .conversationRejected
        case .conversationResolved: .conversationResolved
        case .conversationReopened: .conversationReopened
        case .sessionStarted: .supportSessionStarted
        case .sessionEnded: .supportSessionEnded
        case .receivedUnreadMessageCount: .unreadCountReceived
        case .authenticationFailed, .identityTokenInvalid, .iatIsMandatory: .authenticationFailed
        case .identitiesDataInvalid, .identitiesSizeLimitExceeded, .addUserIdentitiesSyncFailed: .attributesRejected
        case .appAttributesLimitExceeded, .masterAttributesLimitExceeded, .attributesDataInvalid: .attributesRejected
        case .updateAppAttributesValidationFailed, .updateMasterAttributesValidationFailed: .attributesRejected
        case .updateAppAttributesSyncFailed, .updateMasterAttributesSyncFailed: .attributesRejected
        case .userIdentityNotEnabled: .attributesRejected
        case .userSessionExpired: .sessionExpired
        case .refreshUserCredentials: .credentialsRefreshRequested
        }
    }

    private static let lookup: [String: HelpshiftEvent] = {
        var table: [String: HelpshiftEvent] = [:]
        for event in allCases {
            table[key(event.constant)] = event
            for raw in event.rawNames { table[key(raw)] = event }
        }
        return table
    }()

    private static func key(_ name: String) -> String {
        HelpshiftNames.normalized(name, prefixes: ["helpshifteventname", "helpshiftevent", "helpshift"])
    }

    /// The event named `name` (constant or raw value, any letter case), `nil` when unknown.
    public init?(vendorName: String) {
        let lower = vendorName.lowercased()
        if lower == "helpshifteventdataunreadmessagecount" {
            self = .receivedUnreadMessageCount
            return
        }
        guard let event = Self.lookup[Self.key(vendorName)] else { return nil }
        self = event
    }
}
