// The failure reasons `Helpshift.login(withIdentity:config:success:failure:)` passes to its failure callback (also the
// names of the matching `addUserIdentities` events): HelpshiftX 10.4.1's `HelpshiftUserLoginFailureReason.h`,
// transcribed from `Interfaces/HelpshiftX.h` (checked by `.ci/standins.py`). That header has no NS_ASSUME_NONNULL
// region, so Swift imports each `NSString *const` as `String!`. Each value is the one the excerpt read from the
// 10.4.1 binary.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

public let HelpshiftLoginInProgress: String! = "loginInProgress"
public let HelpshiftLoginConfigInvalid: String! = "loginConfigInvalid"
public let HelpshiftIdentityTokenInvalid: String! = "identityTokenInvalid"
public let HelpshiftIdentitiesDataInvalid: String! = "identitiesDataInvalid"
public let HelpshiftLoginConfigSizeLimitExceeded: String! = "loginConfigSizeLimitExceeded"
public let HelpshiftIdentitiesSizeLimitExceeded: String! = "identitiesSizeLimitExceeded"
public let HelpshiftIdentityFeatureNotEnabled: String! = "identityFeatureNotEnabled"
public let HelpshiftUidOrEmailIsMandatory: String! = "uidOrEmailIsMandatory"
public let HelpshiftIatIsMandatory: String! = "iatIsMandatory"
public let HelpshiftNetworkError: String! = "networkError"
public let HelpshiftUnknownError: String! = "unknownError"
