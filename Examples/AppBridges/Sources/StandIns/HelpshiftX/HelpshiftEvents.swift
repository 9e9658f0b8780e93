// The event names and data keys of `HelpshiftDelegate.handleHelpshiftEvent(_:withData:)`, and the identity error
// values that event data maps keys to: HelpshiftX 10.4.1's `HelpshiftDelegate.h`, transcribed from
// `Interfaces/HelpshiftX.h` (checked by `.ci/standins.py`). The header declares each as `FOUNDATION_EXPORT NSString
// *const` (Swift: `public let Name: String`); each value is the one the excerpt read from the 10.4.1 binary.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

/// The chat widget was shown or hidden; data: `HelpshiftEventDataVisible`.
public let HelpshiftEventNameWidgetToggle: String = "widgetToggle"
public let HelpshiftEventDataVisible: String = "visible"

/// The user started a conversation; data: `HelpshiftEventDataMessage`.
public let HelpshiftEventNameConversationStart: String = "conversationStart"
public let HelpshiftEventDataMessage: String = "message"

/// The latest conversation's status; data: issue id, publish id, whether it is open.
public let HelpshiftEventNameConversationStatus: String = "conversationStatus"
public let HelpshiftEventDataLatestIssueId: String = "latestIssueId"
public let HelpshiftEventDataLatestIssuePublishId: String = "latestIssuePublishId"
public let HelpshiftEventDataIsIssueOpen: String = "open"

/// The user added a message; data: its type and body.
public let HelpshiftEventNameMessageAdd: String = "messageAdd"
public let HelpshiftEventDataMessageType: String = "type"
public let HelpshiftEventDataMessageTypeText: String = "text"
public let HelpshiftEventDataMessageTypeAttachment: String = "attachment"
public let HelpshiftEventDataMessageBody: String = "body"

/// The user submitted a CSAT rating; data: rating and feedback.
public let HelpshiftEventNameCSATSubmit: String = "csatSubmit"
public let HelpshiftEventDataRating: String = "rating"
public let HelpshiftEventDataAdditionalFeedback: String = "additionalFeedback"

/// The conversation ended.
public let HelpshiftEventNameConversationEnd: String = "conversationEnd"

/// The conversation was rejected.
public let HelpshiftEventNameConversationRejected: String = "conversationRejected"

/// The conversation was resolved.
public let HelpshiftEventNameConversationResolved: String = "conversationResolved"

/// The conversation was reopened.
public let HelpshiftEventNameConversationReopened: String = "conversationReopened"

/// The answer to `Helpshift.requestUnreadMessageCount(_:)`; data: `count` and `fromCache`.
public let HelpshiftEventNameReceivedUnreadMessageCount: String = "receivedUnreadMessageCount"
public let HelpshiftEventDataUnreadMessageCount: String = "count"
public let HelpshiftEventDataUnreadMessageCountIsFromCache: String = "fromCache"

/// A Helpshift session started.
public let HelpshiftEventNameSessionStarted: String = "helpshiftSessionStarted"

/// The Helpshift session ended.
public let HelpshiftEventNameSessionEnded: String = "helpshiftSessionEnded"

/// The user clicked an action; data: its type (`call` or `link`) and its data.
public let HelpshiftEventNameUserClickOnAction: String = "userClickOnAction"
public let HelpshiftEventDataActionType: String = "actionType"
public let HelpshiftEventDataActionTypeCall: String = "call"
public let HelpshiftEventDataActionTypeLink: String = "link"
public let HelpshiftEventDataActionData: String = "actionData"

/// An agent's message arrived; data: publish id, time, body, attachments.
public let HelpshiftEventNameAgentMessageReceived: String = "agentMessageReceived"
public let HelpshiftEventDataPublishID: String = "publishId"
public let HelpshiftEventDataCreatedTime: String = "createdTs"
public let HelpshiftEventDataAttachments: String = "attachments"
public let HelpshiftEventDataURL: String = "url"
public let HelpshiftEventDataContentType: String = "contentType"
public let HelpshiftEventDataFileName: String = "fileName"
public let HelpshiftEventDataSize: String = "size"
public let HelpshiftEventDataMessageTypeAppReviewRequest: String = "app_review_request"
public let HelpshiftEventDataMessageTypeScreenshotRequest: String = "screenshot_request"

/// User attributes failed validation (per-key reasons in the data).
public let HelpshiftEventAttributesDataInvalid: String = "attributesDataInvalid"

/// `updateMasterAttributes` failed validation (per-key reasons in the data).
public let HelpshiftEventUpdateMasterAttributesValidationFailed: String = "masterAttributesValidationFailed"

/// Master attributes failed to sync (key → `HelpshiftInvalidData`).
public let HelpshiftEventUpdateMasterAttributesSyncFailed: String = "masterAttributesSyncFailed"

/// Too many app attributes; no data.
public let HelpshiftEventAppAttributesLimitExceeded: String = "appAttributesLimitExceeded"

/// `updateAppAttributes` failed validation (per-key reasons in the data).
public let HelpshiftEventUpdateAppAttributesValidationFailed: String = "appAttributesValidationFailed"

/// Too many master attributes; no data.
public let HelpshiftEventMasterAttributesLimitExceeded: String = "masterAttributesLimitExceeded"

/// App attributes failed to sync (key → `HelpshiftInvalidData`).
public let HelpshiftEventUpdateAppAttributesSyncFailed: String = "appAttributesSyncFailed"

/// `addUserIdentities` failed to sync (identity key → `HelpshiftInvalidData`). The value is "identityDataSyncFailed".
public let HelpshiftEventAddUserIdentitiesSyncFailed: String = "identityDataSyncFailed"

/// The user's session expired (sent on each foreground until a new login): log in again with a fresh JWT. No data.
public let HelpshiftEventUserSessionExpired: String = "userSessionExpired"

/// The Identity System is not enabled for the domain (from `addUserIdentities` and `update…Attributes`). No data.
public let HelpshiftEventUserIdentityNotEnabled: String = "userIdentityNotEnabled"

/// The user's session is about to expire: log in again with a fresh JWT. No data.
public let HelpshiftEventRefreshUserCredentials: String = "refreshUserCredentials"

// MARK: "Constants used for errors in user login failure and other identity related events" (the header): the values
// the identity and attribute events' data maps each failing key to.

public let HelpshiftInvalidValueType: String = "invalidValueType"
public let HelpshiftInvalidData: String = "invalidData"
public let HelpshiftKeyLengthLimitExceeded: String = "exceededKeyLengthLimit"
public let HelpshiftMetadataKeyLengthLimitExceeded: String = "metadataExceededKeyLengthLimit"
public let HelpshiftValueLengthLimitExceeded: String = "exceededValueLengthLimit"
public let HelpshiftMetadataValueLengthLimitExceeded: String = "metadataExceededValueLengthLimit"
public let HelpshiftEmptyData: String = "emptyData"
public let HelpshiftMetadataEmptyKeyOrValue: String = "metadataEmptyKeyOrValue"
public let HelpshiftCountLimitExceeded: String = "exceededCountLimit"
public let HelpshiftMetadataCountLimitExceeded: String = "metadataExceededCountLimit"
