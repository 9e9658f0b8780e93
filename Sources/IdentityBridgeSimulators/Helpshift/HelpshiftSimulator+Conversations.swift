public import HelpshiftAdapter
import IdentityBridge

extension HelpshiftSimulator {
    /// An attachment an agent sends.
    package struct AgentAttachment: Sendable {
        /// Download URL.
        package var url: String
        /// MIME type.
        package var contentType: String
        /// File name.
        package var fileName: String
        /// Size in bytes.
        package var size: Int64
        /// Creates an attachment.
        package init(url: String, contentType: String, fileName: String, size: Int64) {
            self.url = url
            self.contentType = contentType
            self.fileName = fileName
            self.size = size
        }
    }

    /// The user sends `text`: "Anonymous users ... are always able to file Issues"; unverified
    /// logged-in users "will not be able to file Issues".
    public func sendMessage(_ text: String) -> HelpshiftSendResult {
        checkSessionExpiry()
        if currentIndex == nil { becomeAnonymous() }
        guard let index = currentIndex else { return .refused(.authTokenNotProvided) }
        if !users[index].isAnonymous, configuration.identityVerification, !verified {
            return .refused(authFailure ?? .authTokenNotProvided)
        }
        if let open = users[index].conversations.lastIndex(where: \.isOpen) {
            users[index].conversations[open].messages.append(text)
            let conversation = users[index].conversations[open]
            send("messageAdd", ["type": "text", "body": .string(text)])
            if conversation.awaitingResolution {
                // "If the user rejects it and sends a new message, then the conversation is reopened".
                users[index].conversations[open].awaitingResolution = false
                send("conversationReopened")
            }
            return .sent(issueId: conversation.issueId, publishId: conversation.publishId)
        }
        let conversation = Conversation(
            issueId: "issue-\(nextIssue)", publishId: "\(1000 + nextIssue)", isOpen: true, messages: [text], unread: 0)
        nextIssue += 1
        users[index].conversations.append(conversation)
        send("conversationStart", ["message": .string(text)])
        send("messageAdd", ["type": "text", "body": .string(text)])
        send(
            "conversationStatus",
            [
                "latestIssueId": .string(conversation.issueId), "latestIssuePublishId": .string(conversation.publishId), "open": true,
            ])
        return .sent(issueId: conversation.issueId, publishId: conversation.publishId)
    }

    /// An agent replies in the current user's open conversation (unread count goes up).
    package func agentReplies(_ body: String, attachments: [AgentAttachment] = []) {
        guard let index = currentIndex, let open = users[index].conversations.lastIndex(where: \.isOpen) else { return }
        users[index].conversations[open].unread += 1
        let items: [JSONValue] = attachments.map {
            ["url": .string($0.url), "contentType": .string($0.contentType), "fileName": .string($0.fileName), "size": .int($0.size)]
        }
        var data: [String: JSONValue] = [
            "publishId": .string(users[index].conversations[open].publishId), "createdTs": .int(now * 1000),
            "type": .string(attachments.isEmpty ? "text" : "attachment"), "body": .string(body),
        ]
        if !items.isEmpty { data["attachments"] = .array(items) }
        send("agentMessageReceived", .object(data))
    }

    /// An agent resolves the open conversation; it ends and cannot be reopened.
    package func resolveConversation() {
        guard let index = currentIndex, let open = users[index].conversations.lastIndex(where: \.isOpen) else { return }
        users[index].conversations[open].isOpen = false
        send("conversationResolved")
        send("conversationEnd")
    }

    /// The agent asks the resolution question ("When resolution question is enabled, the users are
    /// asked if they're satisfied with the resolution"); a new user message reopens the conversation.
    package func askResolutionQuestion() {
        guard let index = currentIndex, let open = users[index].conversations.lastIndex(where: \.isOpen) else { return }
        users[index].conversations[open].awaitingResolution = true
    }

    /// An agent rejects the open conversation; it ends and cannot be reopened.
    package func rejectConversation() {
        guard let index = currentIndex, let open = users[index].conversations.lastIndex(where: \.isOpen) else { return }
        users[index].conversations[open].isOpen = false
        send("conversationRejected")
        send("conversationEnd")
    }

    /// The user submits the CSAT form after the conversation ended.
    package func submitCSAT(rating: Int64, feedback: String?) {
        var data: [String: JSONValue] = ["rating": .int(rating)]
        if let feedback { data["additionalFeedback"] = .string(feedback) }
        send("csatSubmit", .object(data))
    }

    /// The user taps the call or link action of an action card (`type` is `call` or `link`).
    package func clickAction(type: String, data: String) {
        send("userClickOnAction", ["actionType": .string(type), "actionData": .string(data)])
    }

    /// The user opens the chat screen: a Helpshift session starts and messages are read.
    package func openChatScreen() {
        if let index = currentIndex {
            for conversation in users[index].conversations.indices { users[index].conversations[conversation].unread = 0 }
        }
        send("helpshiftSessionStarted")
        send("widgetToggle", ["visible": true])
    }

    /// The user closes the chat screen: the session ends and the next server request for the unread
    /// count is not rate limited.
    package func closeChatScreen() {
        lastServerFetch = nil
        send("widgetToggle", ["visible": false])
        send("helpshiftSessionEnded")
    }

    /// `requestUnreadMessageCount(fromServer)`: "The count from Helpshift's servers is rate limited
    /// ... For an active issue, the reset timeout is 1 minute and 5 minutes for inactive issues."
    public func requestUnreadMessageCount(fromServer: Bool) {
        checkSessionExpiry()
        guard fromServer else {
            // "If you want to retrieve the current notification count stored locally ... parameter set to false".
            return send("receivedUnreadMessageCount", ["count": .int(Int64(cachedUnread)), "fromCache": true])
        }
        let conversations = currentIndex.map { users[$0].conversations } ?? []
        let active = conversations.contains(where: \.isOpen)
        let window = active ? HelpshiftLimits.unreadCountActiveIssueWindow : HelpshiftLimits.unreadCountInactiveIssueWindow
        if let last = lastServerFetch, now - last < window {
            return send("receivedUnreadMessageCount", ["count": .int(Int64(cachedUnread)), "fromCache": true])
        }
        serverUnreadRequests += 1
        lastServerFetch = now
        cachedUnread = conversations.reduce(0) { $0 + $1.unread }
        send("receivedUnreadMessageCount", ["count": .int(Int64(cachedUnread)), "fromCache": false])
    }
}
