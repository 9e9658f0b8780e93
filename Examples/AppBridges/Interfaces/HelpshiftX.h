// Excerpt of the interface HelpshiftX ships: every declaration a bridge or the stand-in uses, copied verbatim.
// repository: helpshift/HelpshiftX
// version: 10.4.1
// path: HelpshiftX.xcframework/ios-arm64_armv7/HelpshiftX.framework/Headers/Helpshift.h
// path: HelpshiftX.xcframework/ios-arm64_armv7/HelpshiftX.framework/Headers/HelpshiftDelegate.h
// path: HelpshiftX.xcframework/ios-arm64_armv7/HelpshiftX.framework/Headers/HelpshiftUserLoginFailureReason.h
// path: HelpshiftX.xcframework/ios-arm64_armv7/HelpshiftX.framework/Headers/HelpshiftProactiveAPIConfigCollectorDelegate.h
//
// Same bytes in the simulator slice (HelpshiftX.xcframework/ios-arm64_i386_x86_64-simulator/...). Module `HelpshiftX`
// (Modules/module.modulemap: `framework module HelpshiftX { umbrella header "HelpshiftX.h" ... }`; HelpshiftX.h imports Helpshift.h).
// The headers carry NO NS_SWIFT_NAME, NS_SWIFT_UI_ACTOR, NS_SWIFT_SENDABLE, NS_TYPED_ENUM/NS_STRING_ENUM, API_AVAILABLE or
// main-thread annotation: every `// swift:` line below is the Clang importer's default (Swift 3+ omit-needless-words, inferred
// default arguments); Xcode's generated interface prints the members of `Helpshift` as `open class func` / `weak open var`.
// Swift names checked against helpshift/helpshift-ios-sdkx-samples (pinned to HelpshiftX exactVersion 10.4.1).
// The string after each constant's `// swift:` line is its value, read from the __cfstring the symbol points to in the
// 10.4.1 binary (x86_64 simulator slice); the headers only declare `FOUNDATION_EXPORT NSString *const`.
// NOT in any 10.4.1 header (nor in the binary's +[Helpshift ...] methods): `login:` / `login(_:)`, `onAppForeground`,
// `addUserIdentities:config:`, an `@optional` HelpshiftDelegate method, `HelpshiftEventName...` spellings of the identity events.

// ===== Headers/Helpshift.h =====
#import "HelpshiftDelegate.h"
#import "HelpshiftProactiveAPIConfigCollectorDelegate.h"
#import "HelpshiftUserLoginFailureReason.h"
// (the three imports precede NS_ASSUME_NONNULL_BEGIN: HelpshiftUserLoginFailureReason.h has no region of its own, so its constants are unaudited => `String!`)

NS_ASSUME_NONNULL_BEGIN

/// Key to be used for providing username in the [Helpshift loginUser:] method
FOUNDATION_EXPORT NSString *const HelpshiftUserName;
// swift: public let HelpshiftUserName: String // "userName"

/// Key to be used for providing user identifier in the loginUser: method
FOUNDATION_EXPORT NSString *const HelpshiftUserIdentifier;
// swift: public let HelpshiftUserIdentifier: String // "userId"

/// Key to be used for providing user email in the loginUser: method
FOUNDATION_EXPORT NSString *const HelpshiftUserEmail;
// swift: public let HelpshiftUserEmail: String // "userEmail"

/// Key to be used for providing user's authentication token in the loginUser: method
FOUNDATION_EXPORT NSString *const HelpshiftUserAuthToken;
// swift: public let HelpshiftUserAuthToken: String // "userAuthToken"

/// Callback invoked on login success when using `loginWithIdentity:` method is used.
typedef void (^HelpshiftLoginSuccessCallback)(void);
// swift: public typealias HelpshiftLoginSuccessCallback = () -> Void

/// Callback invoked on login failure when using `loginWithIdentity:` method is used.
/// `reason` indicates the failure reason. It can be one of `HelpshiftUserLoginFailureReason.h` values.
/// `errors` is a optional dictionary containing extra details about the failure reason.
typedef void (^HelpshiftLoginFailureCallback)(NSString *reason,
                                              NSDictionary<NSString *, NSString *> * _Nullable errors);
// swift: public typealias HelpshiftLoginFailureCallback = (String, [String : String]?) -> Void

/// Classes which provides access to all Helpshift APIs
@interface Helpshift : NSObject
// swift: open class Helpshift : NSObject {

/// The delegate to be set to in order to receive events from Helpshift
@property (nonatomic, weak) id<HelpshiftDelegate> delegate;
// swift:     weak open var delegate: (any HelpshiftDelegate)?   // weak => nullable even inside NS_ASSUME_NONNULL

/// The delegate to be set to in order to receive events from HelpshiftProactiveAPIConfigCollector
@property (nonatomic, weak) id<HelpshiftProactiveAPIConfigCollectorDelegate> proactiveAPIConfigCollectorDelegate;
// swift:     weak open var proactiveAPIConfigCollectorDelegate: (any HelpshiftProactiveAPIConfigCollectorDelegate)?

+ (Helpshift *) sharedInstance;
// swift:     open class func sharedInstance() -> Helpshift

+ (void) installWithPlatformId:(NSString *)platformId
                        domain:(NSString *)domain
                        config:(nullable NSDictionary *)config;
// swift:     open class func install(withPlatformId platformId: String, domain: String, config: [AnyHashable : Any]?)

+ (BOOL) loginUser:(NSDictionary<NSString *, NSString *> *)userDetails;
// swift:     open class func loginUser(_ userDetails: [String : String]) -> Bool   // imported ObjC: unused result is not warned (a Swift stand-in needs @discardableResult)

+ (void) loginWithIdentity:(NSString *)identityJWT
                    config:(NSDictionary<NSString *, id> *)loginConfig
                   success:(HelpshiftLoginSuccessCallback)successCallback
                   failure:(HelpshiftLoginFailureCallback)failureCallback;
// swift:     open class func login(withIdentity identityJWT: String, config loginConfig: [String : Any], success successCallback: @escaping HelpshiftLoginSuccessCallback, failure failureCallback: @escaping HelpshiftLoginFailureCallback)

+ (void) addUserIdentities:(NSString *)identitiesJWT;
// swift:     open class func addUserIdentities(_ identitiesJWT: String)

+ (void) updateMasterAttributes:(NSDictionary<NSString *, id> *)attributes;
// swift:     open class func updateMasterAttributes(_ attributes: [String : Any] = [:])   // "= [:]": importer infers it for an NSDictionary whose base name ends in "Attributes"

+ (void) updateAppAttributes:(NSDictionary<NSString *, id> *)attributes;
// swift:     open class func updateAppAttributes(_ attributes: [String : Any] = [:])

+ (void) logout;
// swift:     open class func logout()

+ (void) clearAnonymousUserOnLogin __attribute__((deprecated("Use clearAnonymousUserOnLogin:(BOOL)shouldClear instead.")));
// swift:     @available(*, deprecated, message: "Use clearAnonymousUserOnLogin:(BOOL)shouldClear instead.") open class func clearAnonymousUserOnLogin()

+ (void) clearAnonymousUserOnLogin:(BOOL)shouldClear;
// swift:     open class func clearAnonymousUser(onLogin shouldClear: Bool)   // split after the last preposition "On"

+ (void) requestUnreadMessageCount:(BOOL)shouldFetchFromServer;
// swift:     open class func requestUnreadMessageCount(_ shouldFetchFromServer: Bool)

+ (NSString *) sdkVersion;
// swift:     open class func sdkVersion() -> String

@end
// swift: }

NS_ASSUME_NONNULL_END

// ===== Headers/HelpshiftDelegate.h =====
NS_ASSUME_NONNULL_BEGIN

FOUNDATION_EXPORT NSString *const HelpshiftEventNameWidgetToggle;
// swift: public let HelpshiftEventNameWidgetToggle: String // "widgetToggle"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataVisible;
// swift: public let HelpshiftEventDataVisible: String // "visible"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameConversationStart;
// swift: public let HelpshiftEventNameConversationStart: String // "conversationStart"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessage;
// swift: public let HelpshiftEventDataMessage: String // "message"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameConversationStatus;
// swift: public let HelpshiftEventNameConversationStatus: String // "conversationStatus"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataLatestIssueId;
// swift: public let HelpshiftEventDataLatestIssueId: String // "latestIssueId"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataLatestIssuePublishId;
// swift: public let HelpshiftEventDataLatestIssuePublishId: String // "latestIssuePublishId"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataIsIssueOpen;
// swift: public let HelpshiftEventDataIsIssueOpen: String // "open"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameMessageAdd;
// swift: public let HelpshiftEventNameMessageAdd: String // "messageAdd"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessageType;
// swift: public let HelpshiftEventDataMessageType: String // "type"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessageTypeText;
// swift: public let HelpshiftEventDataMessageTypeText: String // "text"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessageTypeAttachment;
// swift: public let HelpshiftEventDataMessageTypeAttachment: String // "attachment"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessageBody;
// swift: public let HelpshiftEventDataMessageBody: String // "body"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameCSATSubmit;
// swift: public let HelpshiftEventNameCSATSubmit: String // "csatSubmit"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataRating;
// swift: public let HelpshiftEventDataRating: String // "rating"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataAdditionalFeedback;
// swift: public let HelpshiftEventDataAdditionalFeedback: String // "additionalFeedback"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameConversationEnd;
// swift: public let HelpshiftEventNameConversationEnd: String // "conversationEnd"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameConversationRejected;
// swift: public let HelpshiftEventNameConversationRejected: String // "conversationRejected"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameConversationResolved;
// swift: public let HelpshiftEventNameConversationResolved: String // "conversationResolved"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameConversationReopened;
// swift: public let HelpshiftEventNameConversationReopened: String // "conversationReopened"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameReceivedUnreadMessageCount;
// swift: public let HelpshiftEventNameReceivedUnreadMessageCount: String // "receivedUnreadMessageCount"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataUnreadMessageCount;
// swift: public let HelpshiftEventDataUnreadMessageCount: String // "count"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataUnreadMessageCountIsFromCache;
// swift: public let HelpshiftEventDataUnreadMessageCountIsFromCache: String // "fromCache"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameSessionStarted;
// swift: public let HelpshiftEventNameSessionStarted: String // "helpshiftSessionStarted"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameSessionEnded;
// swift: public let HelpshiftEventNameSessionEnded: String // "helpshiftSessionEnded"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameUserClickOnAction;
// swift: public let HelpshiftEventNameUserClickOnAction: String // "userClickOnAction"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataActionType;
// swift: public let HelpshiftEventDataActionType: String // "actionType"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataActionTypeCall;
// swift: public let HelpshiftEventDataActionTypeCall: String // "call"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataActionTypeLink;
// swift: public let HelpshiftEventDataActionTypeLink: String // "link"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataActionData;
// swift: public let HelpshiftEventDataActionData: String // "actionData"

FOUNDATION_EXPORT NSString *const HelpshiftEventNameAgentMessageReceived;
// swift: public let HelpshiftEventNameAgentMessageReceived: String // "agentMessageReceived"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataPublishID;
// swift: public let HelpshiftEventDataPublishID: String // "publishId"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataCreatedTime;
// swift: public let HelpshiftEventDataCreatedTime: String // "createdTs"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataAttachments;
// swift: public let HelpshiftEventDataAttachments: String // "attachments"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataURL;
// swift: public let HelpshiftEventDataURL: String // "url"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataContentType;
// swift: public let HelpshiftEventDataContentType: String // "contentType"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataFileName;
// swift: public let HelpshiftEventDataFileName: String // "fileName"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataSize;
// swift: public let HelpshiftEventDataSize: String // "size"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessageTypeAppReviewRequest;
// swift: public let HelpshiftEventDataMessageTypeAppReviewRequest: String // "app_review_request"
FOUNDATION_EXPORT NSString *const HelpshiftEventDataMessageTypeScreenshotRequest;
// swift: public let HelpshiftEventDataMessageTypeScreenshotRequest: String // "screenshot_request"

FOUNDATION_EXPORT NSString *const HelpshiftEventAttributesDataInvalid;
// swift: public let HelpshiftEventAttributesDataInvalid: String // "attributesDataInvalid"
FOUNDATION_EXPORT NSString *const HelpshiftEventUpdateMasterAttributesValidationFailed;
// swift: public let HelpshiftEventUpdateMasterAttributesValidationFailed: String // "masterAttributesValidationFailed"
FOUNDATION_EXPORT NSString *const HelpshiftEventUpdateMasterAttributesSyncFailed;
// swift: public let HelpshiftEventUpdateMasterAttributesSyncFailed: String // "masterAttributesSyncFailed"
FOUNDATION_EXPORT NSString *const HelpshiftEventAppAttributesLimitExceeded;
// swift: public let HelpshiftEventAppAttributesLimitExceeded: String // "appAttributesLimitExceeded"
FOUNDATION_EXPORT NSString *const HelpshiftEventUpdateAppAttributesValidationFailed;
// swift: public let HelpshiftEventUpdateAppAttributesValidationFailed: String // "appAttributesValidationFailed"
FOUNDATION_EXPORT NSString *const HelpshiftEventMasterAttributesLimitExceeded;
// swift: public let HelpshiftEventMasterAttributesLimitExceeded: String // "masterAttributesLimitExceeded"
FOUNDATION_EXPORT NSString *const HelpshiftEventUpdateAppAttributesSyncFailed;
// swift: public let HelpshiftEventUpdateAppAttributesSyncFailed: String // "appAttributesSyncFailed"
FOUNDATION_EXPORT NSString *const HelpshiftEventAddUserIdentitiesSyncFailed;
// swift: public let HelpshiftEventAddUserIdentitiesSyncFailed: String // "identityDataSyncFailed"
FOUNDATION_EXPORT NSString *const HelpshiftEventUserSessionExpired;
// swift: public let HelpshiftEventUserSessionExpired: String // "userSessionExpired"
FOUNDATION_EXPORT NSString *const HelpshiftEventUserIdentityNotEnabled;
// swift: public let HelpshiftEventUserIdentityNotEnabled: String // "userIdentityNotEnabled"
FOUNDATION_EXPORT NSString *const HelpshiftEventRefreshUserCredentials;
// swift: public let HelpshiftEventRefreshUserCredentials: String // "refreshUserCredentials"

/// Constants used for errors in user login failure and other identity related events
FOUNDATION_EXPORT NSString *const HelpshiftInvalidValueType;
// swift: public let HelpshiftInvalidValueType: String // "invalidValueType"
FOUNDATION_EXPORT NSString *const HelpshiftInvalidData;
// swift: public let HelpshiftInvalidData: String // "invalidData"
FOUNDATION_EXPORT NSString *const HelpshiftKeyLengthLimitExceeded;
// swift: public let HelpshiftKeyLengthLimitExceeded: String // "exceededKeyLengthLimit"
FOUNDATION_EXPORT NSString *const HelpshiftMetadataKeyLengthLimitExceeded;
// swift: public let HelpshiftMetadataKeyLengthLimitExceeded: String // "metadataExceededKeyLengthLimit"
FOUNDATION_EXPORT NSString *const HelpshiftValueLengthLimitExceeded;
// swift: public let HelpshiftValueLengthLimitExceeded: String // "exceededValueLengthLimit"
FOUNDATION_EXPORT NSString *const HelpshiftMetadataValueLengthLimitExceeded;
// swift: public let HelpshiftMetadataValueLengthLimitExceeded: String // "metadataExceededValueLengthLimit"
FOUNDATION_EXPORT NSString *const HelpshiftEmptyData;
// swift: public let HelpshiftEmptyData: String // "emptyData"
FOUNDATION_EXPORT NSString *const HelpshiftMetadataEmptyKeyOrValue;
// swift: public let HelpshiftMetadataEmptyKeyOrValue: String // "metadataEmptyKeyOrValue"
FOUNDATION_EXPORT NSString *const HelpshiftCountLimitExceeded;
// swift: public let HelpshiftCountLimitExceeded: String // "exceededCountLimit"
FOUNDATION_EXPORT NSString *const HelpshiftMetadataCountLimitExceeded;
// swift: public let HelpshiftMetadataCountLimitExceeded: String // "metadataExceededCountLimit"

/**
 * Possible reasons for authentication failure received in [HelpshiftDelegate authenticationFailedForUserWithReason:] method
 */
typedef NS_ENUM (NSUInteger, HelpshiftAuthenticationFailureReason)
{
    /// Authentication failed as the auth token was not provided
    HelpshiftAuthenticationFailureReasonAuthTokenNotProvided = 0,

    /// Authentication failed as invalid auth token was provided
    HelpshiftAuthenticationFailureReasonInvalidAuthToken,
};
// swift: public enum HelpshiftAuthenticationFailureReason : UInt, @unchecked Sendable {   // non-frozen (NS_ENUM = open extensibility): a switch needs `@unknown default`
// swift:     case authTokenNotProvided = 0
// swift:     case invalidAuthToken = 1
// swift: }

/// Delegate protocol to be implemented for receiving Helpshift events
@protocol HelpshiftDelegate <NSObject>
// swift: public protocol HelpshiftDelegate : NSObjectProtocol {   // no @optional/@required keyword in the header: both methods are REQUIRED

- (void) handleHelpshiftEvent:(NSString *)eventName withData:(nullable NSDictionary *)data;
// swift:     func handleHelpshiftEvent(_ eventName: String, withData data: [AnyHashable : Any]?)

/**
 * Delegate method that gets called when the user authentication fails.
 * Whenever you receive this call, You should be calling the [Helpshift loginUser:] API with valid authToken.
 *
 * @param reason The reason for authentication failure
 *
 */
- (void) authenticationFailedForUserWithReason:(HelpshiftAuthenticationFailureReason)reason;
// swift:     func authenticationFailedForUser(with reason: HelpshiftAuthenticationFailureReason)   // split at "With", then "Reason" dropped (matches the type name)

@end
// swift: }

NS_ASSUME_NONNULL_END

// ===== Headers/HelpshiftUserLoginFailureReason.h =====  (no NS_ASSUME_NONNULL region: each constant imports as `String!`)
/// Possible failure reasons for user login when using loginWithIdentity: method

FOUNDATION_EXPORT NSString *const HelpshiftLoginInProgress;
// swift: public let HelpshiftLoginInProgress: String! // "loginInProgress"
FOUNDATION_EXPORT NSString *const HelpshiftLoginConfigInvalid;
// swift: public let HelpshiftLoginConfigInvalid: String! // "loginConfigInvalid"
FOUNDATION_EXPORT NSString *const HelpshiftIdentityTokenInvalid;
// swift: public let HelpshiftIdentityTokenInvalid: String! // "identityTokenInvalid"
FOUNDATION_EXPORT NSString *const HelpshiftIdentitiesDataInvalid;
// swift: public let HelpshiftIdentitiesDataInvalid: String! // "identitiesDataInvalid"
FOUNDATION_EXPORT NSString *const HelpshiftLoginConfigSizeLimitExceeded;
// swift: public let HelpshiftLoginConfigSizeLimitExceeded: String! // "loginConfigSizeLimitExceeded"
FOUNDATION_EXPORT NSString *const HelpshiftIdentitiesSizeLimitExceeded;
// swift: public let HelpshiftIdentitiesSizeLimitExceeded: String! // "identitiesSizeLimitExceeded"
FOUNDATION_EXPORT NSString *const HelpshiftIdentityFeatureNotEnabled;
// swift: public let HelpshiftIdentityFeatureNotEnabled: String! // "identityFeatureNotEnabled"
FOUNDATION_EXPORT NSString *const HelpshiftUidOrEmailIsMandatory;
// swift: public let HelpshiftUidOrEmailIsMandatory: String! // "uidOrEmailIsMandatory"
FOUNDATION_EXPORT NSString *const HelpshiftIatIsMandatory;
// swift: public let HelpshiftIatIsMandatory: String! // "iatIsMandatory"
FOUNDATION_EXPORT NSString *const HelpshiftNetworkError;
// swift: public let HelpshiftNetworkError: String! // "networkError"
FOUNDATION_EXPORT NSString *const HelpshiftUnknownError;
// swift: public let HelpshiftUnknownError: String! // "unknownError"

// ===== Headers/HelpshiftProactiveAPIConfigCollectorDelegate.h =====
NS_ASSUME_NONNULL_BEGIN

@protocol HelpshiftProactiveAPIConfigCollectorDelegate <NSObject>
// swift: public protocol HelpshiftProactiveAPIConfigCollectorDelegate : NSObjectProtocol {

@optional
- (NSDictionary *) getAPIConfig;
// swift:     optional func getAPIConfig() -> [AnyHashable : Any]

@end
// swift: }

NS_ASSUME_NONNULL_END
