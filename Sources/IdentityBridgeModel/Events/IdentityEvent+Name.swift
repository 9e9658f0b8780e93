extension IdentityEvent {
    /// A uniform event name: a stable snake_case string.
    public struct Name: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The snake_case spelling.
        public let rawValue: String
        /// Creates a name from its spelling.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a name from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The snake_case spelling.
        public var description: String { rawValue }

        // MARK: Identity
        /// A user logged in (payload: `.user`).
        public static let loginSucceeded: Name = "login_succeeded"
        /// A login was refused (payload: `.failure`).
        public static let loginFailed: Name = "login_failed"
        /// The user logged out (payload: `.user` of the user who left, no longer authenticated, or none).
        public static let loggedOut: Name = "logged_out"
        /// A logout failed; the vendor's session is as it was (payload: `.failure`).
        public static let logoutFailed: Name = "logout_failed"
        /// The vendor created an anonymous user (payload: `.user`).
        public static let anonymousUserCreated: Name = "anonymous_user_created"
        /// The vendor cleared an anonymous user and its data (payload: `.user`).
        public static let anonymousUserCleared: Name = "anonymous_user_cleared"
        /// The identity was reset to a new anonymous user (payload: `.user`).
        public static let identityReset: Name = "identity_reset"
        /// An anonymous user's data was merged into an existing user (payload: `.merge`).
        public static let usersMerged: Name = "users_merged"
        /// The vendor refused the user's credential (payload: `.failure`).
        public static let authenticationFailed: Name = "authentication_failed"
        /// After an authentication failure the vendor continued anonymously (payload: `.user`).
        public static let fellBackToAnonymous: Name = "fell_back_to_anonymous"
        /// The vendor session expired; log in again (payload: `.failure` or none).
        public static let sessionExpired: Name = "session_expired"
        /// The vendor asks for fresh credentials before the session expires.
        public static let credentialsRefreshRequested: Name = "credentials_refresh_requested"
        /// Identities were added to the user (Identity System).
        public static let identitiesAdded: Name = "identities_added"
        /// User attributes were accepted.
        public static let attributesUpdated: Name = "attributes_updated"
        /// User attributes were refused (payload: `.failure` or `.fields` with per-key reasons).
        public static let attributesRejected: Name = "attributes_rejected"

        // MARK: Support session
        /// Status of the ongoing conversation (payload: `.conversationStatus`).
        public static let conversationStatus: Name = "conversation_status"
        /// The user sent the first message of a conversation (payload: `.message`).
        public static let conversationStarted: Name = "conversation_started"
        /// The user added a message (payload: `.message`).
        public static let messageAdded: Name = "message_added"
        /// An agent's message arrived (payload: `.agentMessage`).
        public static let agentMessageReceived: Name = "agent_message_received"
        /// The user clicked a call or link action (payload: `.action`).
        public static let actionClicked: Name = "action_clicked"
        /// The user submitted a CSAT rating (payload: `.csat`).
        public static let csatSubmitted: Name = "csat_submitted"
        /// The conversation ended and cannot be reopened.
        public static let conversationEnded: Name = "conversation_ended"
        /// An agent rejected the conversation.
        public static let conversationRejected: Name = "conversation_rejected"
        /// An agent resolved the conversation.
        public static let conversationResolved: Name = "conversation_resolved"
        /// The user reopened the conversation.
        public static let conversationReopened: Name = "conversation_reopened"
        /// The support screen was shown or hidden (payload: `.widget`).
        public static let widgetToggled: Name = "widget_toggled"
        /// A support session started.
        public static let supportSessionStarted: Name = "support_session_started"
        /// A support session ended.
        public static let supportSessionEnded: Name = "support_session_ended"
        /// The unread message count arrived (payload: `.unreadCount`).
        public static let unreadCountReceived: Name = "unread_count_received"

        // MARK: Pass-through
        /// A vendor event with no uniform meaning, passed through unchanged (payload: `.vendor`).
        public static let vendorEvent: Name = "vendor_event"

        /// Every identity event name, in documentation order.
        public static let identity: [Name] = [
            .loginSucceeded, .loginFailed, .loggedOut, .logoutFailed, .anonymousUserCreated, .anonymousUserCleared,
            .identityReset, .usersMerged, .authenticationFailed, .fellBackToAnonymous, .sessionExpired,
            .credentialsRefreshRequested, .identitiesAdded, .attributesUpdated, .attributesRejected,
        ]
        /// Every support-session event name, in documentation order.
        public static let supportSession: [Name] = [
            .conversationStatus, .conversationStarted, .messageAdded, .agentMessageReceived, .actionClicked,
            .csatSubmitted, .conversationEnded, .conversationRejected, .conversationResolved,
            .conversationReopened, .widgetToggled, .supportSessionStarted, .supportSessionEnded,
            .unreadCountReceived,
        ]
        /// Every name the core defines, `vendor_event` last.
        public static let all: [Name] = identity + supportSession + [.vendorEvent]
    }
}
