// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`:
// the data of the `ZendeskEvent` cases, which the SDK creates.
public import Foundation

/// The data of `ZendeskEvent.сonversationUnreadCountChanged`.
public final class ConversationUnreadCountChange: NSObject {
    public let totalUnreadMessagesCount: Int
    public let conversationId: String?
    public let unreadCountInConversation: Int

    public init(totalUnreadMessagesCount: Int, conversationId: String?, unreadCountInConversation: Int) {
        self.totalUnreadMessagesCount = totalUnreadMessagesCount
        self.conversationId = conversationId
        self.unreadCountInConversation = unreadCountInConversation
        super.init()
    }
}

/// The data of `ZendeskEvent.notificationOpened`.
public final class NotificationOpenedDetails: NSObject {
    public let conversationId: String

    public init(conversationId: String) {
        self.conversationId = conversationId
        super.init()
    }
}

/// The data of `ZendeskEvent.conversationWithAgentRequested`.
public final class ConversationWithAgentRequestedDetails: NSObject {
    public let conversationId: String

    public init(conversationId: String) {
        self.conversationId = conversationId
        super.init()
    }
}

/// The data of `ZendeskEvent.proactiveMessageDisplayed`.
public final class ProactiveMessageDisplayedDetails: NSObject {
    public let proactiveMessageId: String
    public let campaignId: String

    public init(proactiveMessageId: String, campaignId: String) {
        self.proactiveMessageId = proactiveMessageId
        self.campaignId = campaignId
        super.init()
    }
}

/// The data of `ZendeskEvent.newConversationButtonClicked`.
public final class NewConversationButtonClickedDetails: NSObject {
    public let newConversationSource: NewConversationSource

    public init(newConversationSource: NewConversationSource) {
        self.newConversationSource = newConversationSource
        super.init()
    }
}

/// The data of `ZendeskEvent.proactiveMessageClicked`.
public final class ProactiveMessageClickedDetails: NSObject {
    public let proactiveMessageId: String
    public let campaignId: String

    public init(proactiveMessageId: String, campaignId: String) {
        self.proactiveMessageId = proactiveMessageId
        self.campaignId = campaignId
        super.init()
    }
}

/// The data of `ZendeskEvent.notificationDisplayed`.
public final class NotificationDisplayedDetails: NSObject {
    public let conversationId: String
    public let messageReceivedTimestamp: Double

    public init(conversationId: String, messageReceivedTimestamp: Double) {
        self.conversationId = conversationId
        self.messageReceivedTimestamp = messageReceivedTimestamp
        super.init()
    }
}

/// The data of `ZendeskEvent.postbackButtonClicked`.
public final class PostbackButtonClickedDetails: NSObject {
    public let actionName: String
    public let conversationId: String

    public init(actionName: String, conversationId: String) {
        self.actionName = actionName
        self.conversationId = conversationId
        super.init()
    }
}

/// The data of `ZendeskEvent.conversationAgentAssigned`.
public final class ConversationAgentAssignedDetails: NSObject {
    public let conversationId: String

    public init(conversationId: String) {
        self.conversationId = conversationId
        super.init()
    }
}

/// The data of `ZendeskEvent.conversationServedByAgent`.
public final class ConversationServedByAgentDetails: NSObject {
    public let agentDisplayName: String
    public let agentId: String
    public let agentMessageSource: AgentMessageSource
    public let conversationId: String

    public init(agentDisplayName: String, agentId: String, agentMessageSource: AgentMessageSource, conversationId: String) {
        self.agentDisplayName = agentDisplayName
        self.agentId = agentId
        self.agentMessageSource = agentMessageSource
        self.conversationId = conversationId
        super.init()
    }
}

/// The data of `ZendeskEvent.conversationExtensionDisplayed`.
public final class ConversationExtensionDisplayedDetails: NSObject {
    public let conversationId: String
    public let url: String

    public init(conversationId: String, url: String) {
        self.conversationId = conversationId
        self.url = url
        super.init()
    }
}

/// The data of `ZendeskEvent.conversationExtensionOpened`.
public final class ConversationExtensionOpenedDetails: NSObject {
    public let conversationId: String
    public let url: String

    public init(conversationId: String, url: String) {
        self.conversationId = conversationId
        self.url = url
        super.init()
    }
}

/// The data of `ZendeskEvent.articleClicked`.
public final class ArticleClickedDetails: NSObject {
    public let articleId: String
    public let articleTitle: String?

    public init(articleId: String, articleTitle: String?) {
        self.articleId = articleId
        self.articleTitle = articleTitle
        super.init()
    }
}

/// The data of `ZendeskEvent.articleBrowserClicked`.
public final class ArticleBrowserClickedDetails: NSObject {
    public let url: String

    public init(url: String) {
        self.url = url
        super.init()
    }
}

/// The data of `ZendeskEvent.metadataSuccess`.
public final class MetadataSuccessDetails: NSObject {
    public let conversationId: String

    public init(conversationId: String) {
        self.conversationId = conversationId
        super.init()
    }
}

/// The data of `ZendeskEvent.metadataFailure`.
public final class MetadataFailureDetails: NSObject {
    public let conversationId: String
    public let reason: String

    public init(conversationId: String, reason: String) {
        self.conversationId = conversationId
        self.reason = reason
        super.init()
    }
}
