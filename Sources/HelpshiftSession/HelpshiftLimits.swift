/// Every Helpshift limit, defined once and used by the issuer, the session adapter, the
/// simulator and the documentation.
///
/// Sources: helpshift-users.txt (login parameters), helpshift-events.txt ("User Identity System
/// Events": max permissible limits) and vendor-notes.md (userId on Web Chat, `iat` age).
public enum HelpshiftLimits {
    /// `userName`: "Max length: 255 characters. Values larger than this will be truncated."
    package static let userNameMaxLength = 255
    /// `userId`: at most 750 characters (vendor-notes, Web Chat); also the `uid` identity value limit.
    package static let userIdMaxLength = 750
    /// "Key length - Max 255 chars" (identity identifiers, metadata keys, attribute keys).
    package static let keyMaxLength = 255
    /// "Value length for any identity (except uid) - Max 300 chars" (also applied to metadata values).
    package static let identityValueMaxLength = 300
    /// "Value length for uid identity - Max 750 chars".
    package static let uidValueMaxLength = 750
    /// "Value length for CUF - Max 255 chars" (string attribute values, custom user field values).
    package static let customFieldValueMaxLength = 255
    /// "Value length for multiline CUF - Max 100000 chars" (custom field values containing a newline).
    package static let multilineCustomFieldValueMaxLength = 100_000
    /// "Value length for user tags - Max 100 chars".
    package static let userTagMaxLength = 100
    /// "Collection size - Max 30 entries": identities per JWT, metadata entries per identity,
    /// entries of an attribute array or dictionary, attributes per update call and login config entries.
    package static let collectionMaxCount = 30
    /// `iat` "must be less than 24 hours old" (vendor-notes), in seconds.
    package static let identityTokenMaxAge: Int64 = 24 * 60 * 60
    /// Master attribute `age`: 0 to 150.
    package static let ageRange: ClosedRange<Int64> = 0...150
    /// Unread count from the server at most once per minute while an issue is active.
    package static let unreadCountActiveIssueWindow: Int64 = 60
    /// Unread count from the server at most once per five minutes while the issue is inactive.
    package static let unreadCountInactiveIssueWindow: Int64 = 300
}
