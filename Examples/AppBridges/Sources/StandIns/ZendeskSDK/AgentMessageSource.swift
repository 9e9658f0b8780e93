// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.

/// Where an agent's message came from (`ConversationServedByAgentDetails`).
public enum AgentMessageSource: Int, CustomStringConvertible {
    case agentWorkspace
    case agentCopilot

    /// The case's name.
    public var description: String {
        if case .agentCopilot = self { return "agentCopilot" }
        return "agentWorkspace"
    }
}
