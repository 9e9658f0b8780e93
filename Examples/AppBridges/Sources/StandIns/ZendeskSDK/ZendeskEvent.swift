// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.
// The second case's name starts with a CYRILLIC letter (U+0441), as in the vendor's interface: copy it, do not retype.
public import Foundation

/// An event of the SDK, reported to the handlers of `Zendesk.addEventObserver(_:_:)`. Not `@frozen`: a `switch`
/// over it needs `@unknown default`.
public enum ZendeskEvent {
    @available(*, deprecated, message: "Use `сonversationUnreadCountChanged` instead.")
    case unreadMessageCountChanged(currentUnreadCount: Int)
    case сonversationUnreadCountChanged(id: UUID, timestamp: Date, data: ConversationUnreadCountChange)
    case notificationOpened(id: UUID, timestamp: Date, data: NotificationOpenedDetails)
    case authenticationFailed(error: any Error)
    case conversationAdded(conversationId: String)
    case connectionStatusChanged(connectionStatus: ZendeskConnectionStatus)
    case sendMessageFailed(error: any Error)
    case conversationOpened(id: UUID, timestamp: Date, conversationId: String?)
    case conversationStarted(id: UUID, timestamp: Date, conversationId: String)
    case messagesShown(id: UUID, timestamp: Date, conversationId: String, messages: [ZendeskMessage])
    case conversationWithAgentRequested(id: UUID, timestamp: Date, data: ConversationWithAgentRequestedDetails)
    case proactiveMessageDisplayed(id: UUID, timestamp: Date, data: ProactiveMessageDisplayedDetails)
    case newConversationButtonClicked(id: UUID, timestamp: Date, data: NewConversationButtonClickedDetails)
    case proactiveMessageClicked(id: UUID, timestamp: Date, data: ProactiveMessageClickedDetails)
    case notificationDisplayed(id: UUID, timestamp: Date, data: NotificationDisplayedDetails)
    case postbackButtonClicked(id: UUID, timestamp: Date, data: PostbackButtonClickedDetails)
    case conversationAgentAssigned(id: UUID, timestamp: Date, data: ConversationAgentAssignedDetails)
    case conversationServedByAgent(id: UUID, timestamp: Date, data: ConversationServedByAgentDetails)
    case messagingOpened(id: UUID, timestamp: Date)
    case messagingClosed(id: UUID, timestamp: Date)
    case conversationExtensionDisplayed(id: UUID, timestamp: Date, data: ConversationExtensionDisplayedDetails)
    case conversationExtensionOpened(id: UUID, timestamp: Date, data: ConversationExtensionOpenedDetails)
    case articleClicked(id: UUID, timestamp: Date, data: ArticleClickedDetails)
    case articleBrowserClicked(id: UUID, timestamp: Date, data: ArticleBrowserClickedDetails)
    case metadataSuccess(id: UUID, timestamp: Date, data: MetadataSuccessDetails)
    case metadataFailure(id: UUID, timestamp: Date, data: MetadataFailureDetails)
}

extension ZendeskEvent: Equatable {
    /// The same case with equal values: the payload objects by `==` (`NSObject.isEqual(_:)`), the errors by `==`
    /// when they are `Equatable`, else by type, domain and code.
    public static func == (lhs: ZendeskEvent, rhs: ZendeskEvent) -> Bool {
        if case (.unreadMessageCountChanged(let l0), .unreadMessageCountChanged(let r0)) = (lhs, rhs) { return l0 == r0 }
        if case (.сonversationUnreadCountChanged(let l0, let l1, let l2), .сonversationUnreadCountChanged(let r0, let r1, let r2)) = (
            lhs, rhs
        ) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.notificationOpened(let l0, let l1, let l2), .notificationOpened(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.authenticationFailed(let l0), .authenticationFailed(let r0)) = (lhs, rhs) { return sameError(l0, r0) }
        if case (.conversationAdded(let l0), .conversationAdded(let r0)) = (lhs, rhs) { return l0 == r0 }
        if case (.connectionStatusChanged(let l0), .connectionStatusChanged(let r0)) = (lhs, rhs) { return l0 == r0 }
        if case (.sendMessageFailed(let l0), .sendMessageFailed(let r0)) = (lhs, rhs) { return sameError(l0, r0) }
        if case (.conversationOpened(let l0, let l1, let l2), .conversationOpened(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.conversationStarted(let l0, let l1, let l2), .conversationStarted(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.messagesShown(let l0, let l1, let l2, let l3), .messagesShown(let r0, let r1, let r2, let r3)) = (lhs, rhs) {
            return (l0, l1, l2, l3) == (r0, r1, r2, r3)
        }
        if case (.conversationWithAgentRequested(let l0, let l1, let l2), .conversationWithAgentRequested(let r0, let r1, let r2)) = (
            lhs, rhs
        ) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.proactiveMessageDisplayed(let l0, let l1, let l2), .proactiveMessageDisplayed(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.newConversationButtonClicked(let l0, let l1, let l2), .newConversationButtonClicked(let r0, let r1, let r2)) = (lhs, rhs)
        {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.proactiveMessageClicked(let l0, let l1, let l2), .proactiveMessageClicked(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.notificationDisplayed(let l0, let l1, let l2), .notificationDisplayed(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.postbackButtonClicked(let l0, let l1, let l2), .postbackButtonClicked(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.conversationAgentAssigned(let l0, let l1, let l2), .conversationAgentAssigned(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.conversationServedByAgent(let l0, let l1, let l2), .conversationServedByAgent(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.messagingOpened(let l0, let l1), .messagingOpened(let r0, let r1)) = (lhs, rhs) { return (l0, l1) == (r0, r1) }
        if case (.messagingClosed(let l0, let l1), .messagingClosed(let r0, let r1)) = (lhs, rhs) { return (l0, l1) == (r0, r1) }
        if case (.conversationExtensionDisplayed(let l0, let l1, let l2), .conversationExtensionDisplayed(let r0, let r1, let r2)) = (
            lhs, rhs
        ) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.conversationExtensionOpened(let l0, let l1, let l2), .conversationExtensionOpened(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.articleClicked(let l0, let l1, let l2), .articleClicked(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.articleBrowserClicked(let l0, let l1, let l2), .articleBrowserClicked(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.metadataSuccess(let l0, let l1, let l2), .metadataSuccess(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        if case (.metadataFailure(let l0, let l1, let l2), .metadataFailure(let r0, let r1, let r2)) = (lhs, rhs) {
            return (l0, l1, l2) == (r0, r1, r2)
        }
        return false
    }
}

/// Two errors of the same `Equatable` type and equal, or of the same type with the same `NSError` domain and code.
private func sameError(_ lhs: any Error, _ rhs: any Error) -> Bool {
    func equal<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool { (rhs as? E) == lhs }
    let boxed: Any = lhs
    if let equatable = boxed as? any Equatable { return equal(equatable, rhs) }
    let left = lhs as NSError
    let right = rhs as NSError
    return type(of: lhs) == type(of: rhs) && left.domain == right.domain && left.code == right.code
}
