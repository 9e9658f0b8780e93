// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.

/// Where a new conversation was started from (`NewConversationButtonClickedDetails`).
public enum NewConversationSource: Int {
    case conversationList

    /// The case's name.
    public var description: String { String(describing: self) }
}
