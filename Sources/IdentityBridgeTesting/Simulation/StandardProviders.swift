public import IdentityBridge
import HelpshiftAdapter
import ZendeskChatAdapter
import ZendeskMessagingAdapter
import ZendeskSupportAdapter

/// The four built-in provider kinds and their simulators.
public enum StandardProviders {
    /// A registry holding the Helpshift, Zendesk Support, Zendesk Chat and Zendesk Messaging plugins.
    public static var registry: ProviderRegistry {
        ProviderRegistry([HelpshiftPlugin(), ZendeskSupportPlugin(), ZendeskChatPlugin(), ZendeskMessagingPlugin()])
    }

    /// Simulator factories for the four built-in kinds.
    public static var simulatorFactories: [any VendorSimulatorFactory] {
        [HelpshiftSimulatorFactory(), ZendeskSupportSimulatorFactory(), ZendeskChatSimulatorFactory(), ZendeskMessagingSimulatorFactory()]
    }
}
