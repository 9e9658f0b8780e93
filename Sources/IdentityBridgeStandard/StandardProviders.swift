import HelpshiftAdapter
public import IdentityBridge
import ZendeskChatAdapter
import ZendeskMessagingAdapter
import ZendeskSupportAdapter

/// The four built-in provider kinds: what a backend imports next to `IdentityBridge`.
///
/// ```swift
/// import IdentityBridge
/// import IdentityBridgeStandard
///
/// let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: "identity.yaml")
/// let issuer = try configuration.makeIssuer(app: "demo", provider: "zendesk-chat")
/// ```
public enum StandardProviders {
    /// A registry holding the Helpshift, Zendesk Support, Zendesk Chat and Zendesk Messaging plugins.
    public static var registry: ProviderRegistry {
        ProviderRegistry([HelpshiftPlugin(), ZendeskSupportPlugin(), ZendeskChatPlugin(), ZendeskMessagingPlugin()])
    }
}
