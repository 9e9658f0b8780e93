/// One provider instance: kind, name, and the settings its plugin validated, kept together with
/// that plugin so the instance builds its own issuer and provider.
///
/// ```swift
/// let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: "identity.yaml")
/// let issuer = try configuration.instance(app: "demo", provider: "zendesk-chat").makeIssuer()
/// ```
public struct ProviderInstanceConfiguration: Sendable {
    /// The instance's kind and name.
    public var reference: ProviderReference
    /// The app it belongs to.
    public var app: String
    private let binding: any InstanceBinding

    /// Creates an instance from `plugin` and the settings it parsed.
    public init<Plugin: ProviderPlugin>(reference: ProviderReference, app: String, plugin: Plugin, settings: Plugin.Settings) {
        self.init(reference: reference, app: app, binding: PluginBinding(plugin: plugin, settings: settings))
    }

    init(reference: ProviderReference, app: String, binding: any InstanceBinding) {
        self.reference = reference
        self.app = app
        self.binding = binding
    }

    /// The plugin-specific settings (the plugin's own `Settings` type).
    public var settings: any ProviderSettings { binding.settings }

    /// The plugin that parsed the settings.
    public var plugin: any ProviderPlugin { binding.plugin }

    /// The app and instance names.
    public var id: ProviderInstanceID { ProviderInstanceID(app: app, provider: reference.name) }

    /// Builds the backend issuer. It counts issued and refused credentials and verifications in
    /// `context.metrics` and logs refusals (with metadata) to `context.logger`.
    public func makeIssuer(context: IssuerContext = IssuerContext()) throws(IdentityError) -> any CredentialIssuer {
        let issuer = try binding.makeIssuer(for: self, context: context)
        return MeteredIssuer(issuer, metrics: IssuerMetrics(reference: reference, app: app, context: context))
    }

    /// Builds the session provider.
    public func makeProvider(context: ProviderContext = ProviderContext()) throws(IdentityError) -> any IdentityProvider {
        try binding.makeProvider(for: self, context: context)
    }

    /// Builds the token exchanger (the logic behind the vendor's JWT endpoint), metered like
    /// ``makeIssuer(context:)``, or `unsupported_operation` when the vendor calls no endpoint.
    public func makeTokenExchanger(context: IssuerContext = IssuerContext()) throws(IdentityError) -> any TokenExchanging {
        guard let exchanger = try binding.makeTokenExchanger(for: self, context: context) else {
            throw IdentityError(
                .unsupportedOperation, field: "provider",
                message: "\(reference) (\(reference.kind)) does not exchange user tokens for JWTs.",
                recovery: "Use a provider whose vendor calls a JWT endpoint (zendesk-support with auth: jwt).", provider: reference)
        }
        return MeteredExchanger(exchanger, metrics: IssuerMetrics(reference: reference, app: app, context: context))
    }
}

/// Names one provider instance of one app: what generated configuration constants hold and
/// what ``IdentityConfiguration/makeIssuer(_:context:)`` and
/// ``IdentityConfiguration/makeProvider(_:context:)`` accept.
public struct ProviderInstanceID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The app (its key under `apps:`).
    public let app: String
    /// The provider instance's name (its `name:`, which defaults to its kind).
    public let provider: String

    /// Creates an id.
    public init(app: String, provider: String) {
        self.app = app
        self.provider = provider
    }

    /// `app/provider`.
    public var description: String { "\(app)/\(provider)" }
}
