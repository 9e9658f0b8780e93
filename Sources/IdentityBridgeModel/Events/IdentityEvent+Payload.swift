extension IdentityEvent {
    /// Typed event data. ``json`` gives the same data as a JSON object.
    public enum Payload: Hashable, Sendable {
        /// No data.
        case none
        /// The user the event is about.
        case user(ProviderUser)
        /// The failure the event reports.
        case failure(IdentityError)
        /// An anonymous user merged into an existing one.
        case merge(UserMerge)
        /// The state of the ongoing conversation.
        case conversationStatus(ConversationStatus)
        /// A message the user sent (type `text`, `attachment`, ...; body).
        case message(UserMessage)
        /// A message an agent sent.
        case agentMessage(AgentMessage)
        /// A call or link action the user clicked.
        case action(ActionClick)
        /// A CSAT rating.
        case csat(CSATRating)
        /// Whether the support screen is visible.
        case widget(visible: Bool)
        /// The unread message count.
        case unreadCount(UnreadCount)
        /// Named values with no richer type (identities added, per-key attribute errors, ...).
        case fields([String: JSONValue])
        /// A vendor event passed through unchanged.
        case vendor(name: String, data: JSONValue)

        /// The data as a JSON object (`{}` for none).
        public var json: JSONValue {
            switch self {
            case .none: return .object([:])
            case .user(let user): return .object(["user": user.json])
            case .failure(let error): return .object(["error": error.json])
            case .merge(let merge): return merge.json
            case .conversationStatus(let status): return status.json
            case .message(let message): return message.json
            case .agentMessage(let message): return message.json
            case .action(let action): return action.json
            case .csat(let csat): return csat.json
            case .widget(let visible): return .object(["visible": .bool(visible)])
            case .unreadCount(let unread): return unread.json
            case .fields(let fields): return .object(fields)
            case .vendor(let name, let data): return .object(["vendor_name": .string(name), "vendor_data": data])
            }
        }
    }

    /// An anonymous (source) user merged into an existing (target) user.
    public struct UserMerge: Hashable, Sendable {
        /// The user whose data moved (usually anonymous).
        public var from: ProviderUser
        /// The user who received it.
        public var into: ProviderUser
        /// How many conversations moved.
        public var conversationsMoved: Int
        /// Creates a merge description.
        public init(from: ProviderUser, into: ProviderUser, conversationsMoved: Int) {
            self.from = from
            self.into = into
            self.conversationsMoved = conversationsMoved
        }
        /// `{"from": user, "into": user, "conversations_moved": n}`.
        public var json: JSONValue {
            .object(["from": from.json, "into": into.json, "conversations_moved": .int(Int64(conversationsMoved))])
        }
    }

    /// The latest conversation's ids and whether it is open.
    public struct ConversationStatus: Hashable, Sendable {
        /// The latest issue id.
        public var issueId: String?
        /// The latest issue's publish id.
        public var publishId: String?
        /// Whether the issue is open.
        public var isOpen: Bool?
        /// Creates a status.
        public init(issueId: String?, publishId: String?, isOpen: Bool?) {
            self.issueId = issueId
            self.publishId = publishId
            self.isOpen = isOpen
        }
        /// `{"issue_id", "publish_id", "is_open"}` (absent values are null).
        public var json: JSONValue {
            .object([
                "issue_id": issueId.map(JSONValue.string) ?? .null,
                "publish_id": publishId.map(JSONValue.string) ?? .null,
                "is_open": isOpen.map(JSONValue.bool) ?? .null,
            ])
        }
    }

    /// A message the user added.
    public struct UserMessage: Hashable, Sendable {
        /// `text`, `attachment`, or the vendor's type.
        public var type: String?
        /// The message text.
        public var body: String?
        /// Creates a message.
        public init(type: String?, body: String?) {
            self.type = type
            self.body = body
        }
        /// `{"type", "body"}`.
        public var json: JSONValue {
            .object(["type": type.map(JSONValue.string) ?? .null, "body": body.map(JSONValue.string) ?? .null])
        }
    }

    /// A file attached to an agent message.
    public struct Attachment: Hashable, Sendable {
        /// Where to download it.
        public var url: String?
        /// Its MIME type.
        public var contentType: String?
        /// Its file name.
        public var fileName: String?
        /// Its size in bytes.
        public var size: Int64?
        /// Creates an attachment.
        public init(url: String?, contentType: String?, fileName: String?, size: Int64?) {
            self.url = url
            self.contentType = contentType
            self.fileName = fileName
            self.size = size
        }
        /// `{"url", "content_type", "file_name", "size"}`.
        public var json: JSONValue {
            .object([
                "url": url.map(JSONValue.string) ?? .null,
                "content_type": contentType.map(JSONValue.string) ?? .null,
                "file_name": fileName.map(JSONValue.string) ?? .null,
                "size": size.map(JSONValue.int) ?? .null,
            ])
        }
    }

    /// A message from an agent.
    public struct AgentMessage: Hashable, Sendable {
        /// The conversation's publish id.
        public var publishId: String?
        /// When the message was created (vendor timestamp, as given).
        public var createdAt: Int64?
        /// The message type.
        public var type: String?
        /// The message text.
        public var body: String?
        /// Attached files.
        public var attachments: [Attachment]
        /// Creates an agent message.
        public init(publishId: String?, createdAt: Int64?, type: String?, body: String?, attachments: [Attachment]) {
            self.publishId = publishId
            self.createdAt = createdAt
            self.type = type
            self.body = body
            self.attachments = attachments
        }
        /// `{"publish_id", "created_at", "type", "body", "attachments"}`.
        public var json: JSONValue {
            .object([
                "publish_id": publishId.map(JSONValue.string) ?? .null,
                "created_at": createdAt.map(JSONValue.int) ?? .null,
                "type": type.map(JSONValue.string) ?? .null,
                "body": body.map(JSONValue.string) ?? .null,
                "attachments": .array(attachments.map(\.json)),
            ])
        }
    }

    /// A call or link action clicked by the user.
    public struct ActionClick: Hashable, Sendable {
        /// What kind of action.
        public enum Kind: String, Hashable, Sendable {
            /// A phone call.
            case call
            /// A link.
            case link
        }
        /// The action kind.
        public var kind: Kind
        /// The phone number or URL.
        public var data: String?
        /// Creates an action click.
        public init(kind: Kind, data: String?) {
            self.kind = kind
            self.data = data
        }
        /// `{"action_type", "action_data"}`.
        public var json: JSONValue {
            .object(["action_type": .string(kind.rawValue), "action_data": data.map(JSONValue.string) ?? .null])
        }
    }

    /// A CSAT rating and its comment.
    public struct CSATRating: Hashable, Sendable {
        /// The star rating.
        public var rating: Int64?
        /// The additional feedback.
        public var feedback: String?
        /// Creates a rating.
        public init(rating: Int64?, feedback: String?) {
            self.rating = rating
            self.feedback = feedback
        }
        /// `{"rating", "feedback"}`.
        public var json: JSONValue {
            .object(["rating": rating.map(JSONValue.int) ?? .null, "feedback": feedback.map(JSONValue.string) ?? .null])
        }
    }

    /// An unread message count.
    public struct UnreadCount: Hashable, Sendable {
        /// How many messages are unread.
        public var count: Int64
        /// Whether the count came from the local cache rather than the server.
        public var isFromCache: Bool
        /// Creates an unread count.
        public init(count: Int64, isFromCache: Bool) {
            self.count = count
            self.isFromCache = isFromCache
        }
        /// `{"count", "from_cache"}`.
        public var json: JSONValue { .object(["count": .int(count), "from_cache": .bool(isFromCache)]) }
    }
}
