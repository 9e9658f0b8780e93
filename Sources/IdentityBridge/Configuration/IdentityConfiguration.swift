/// A loaded, validated configuration: many apps, each with its provider instances.
public struct IdentityConfiguration: Sendable {
    /// The apps, in file order.
    public var apps: [AppConfiguration]
    /// The file the configuration came from.
    public var file: String

    /// Creates a configuration.
    public init(apps: [AppConfiguration], file: String) {
        self.apps = apps
        self.file = file
    }

    /// The app named `name`.
    public func app(_ name: String) -> AppConfiguration? { apps.first { $0.name == name } }

    /// The instance `provider` of app `app`, or `configuration_invalid` naming what exists.
    public func instance(app: String, provider: String) throws(IdentityError) -> ProviderInstanceConfiguration {
        guard let appConfiguration = self.app(app) else {
            throw IdentityError(
                .configurationInvalid, field: "app",
                message: "No app \"\(app)\" in \(file); apps: \(apps.map(\.name).joined(separator: ", ")).",
                recovery: "Pass one of the configured app names.")
        }
        guard let instance = appConfiguration.providers.first(where: { $0.reference.name == provider }) else {
            throw IdentityError(
                .configurationInvalid, field: "provider",
                message:
                    "App \"\(app)\" has no provider \"\(provider)\"; providers: \(appConfiguration.providers.map(\.reference.name).joined(separator: ", ")).",
                recovery: "Pass one of the app's provider names.")
        }
        return instance
    }

    /// Builds the provider `provider` of app `app` with the plugin registered for its kind.
    public func makeProvider(
        app: String, provider: String, registry: ProviderRegistry, context: ProviderContext
    ) throws(IdentityError) -> any IdentityProvider {
        let instance = try instance(app: app, provider: provider)
        return try registry.requirePlugin(for: instance).makeProvider(instance, context: context)
    }

    /// Builds the issuer of provider `provider` of app `app`.
    public func makeIssuer(
        app: String, provider: String, registry: ProviderRegistry, clock: any IdentityClock
    ) throws(IdentityError) -> any CredentialIssuer {
        let instance = try instance(app: app, provider: provider)
        return try registry.requirePlugin(for: instance).makeIssuer(instance, clock: clock)
    }
}

/// One app of a configuration.
public struct AppConfiguration: Sendable {
    /// The app's name (its key under `apps:`).
    public var name: String
    /// Its provider instances, in file order.
    public var providers: [ProviderInstanceConfiguration]

    /// Creates an app.
    public init(name: String, providers: [ProviderInstanceConfiguration]) {
        self.name = name
        self.providers = providers
    }
}

/// One provider instance: kind, name, and the settings its plugin validated.
public struct ProviderInstanceConfiguration: Sendable {
    /// The instance's kind and name.
    public var reference: ProviderReference
    /// The app it belongs to.
    public var app: String
    /// The plugin-specific settings.
    public var settings: any ProviderSettings

    /// Creates an instance.
    public init(reference: ProviderReference, app: String, settings: any ProviderSettings) {
        self.reference = reference
        self.app = app
        self.settings = settings
    }
}

extension ProviderRegistry {
    /// The plugin for `instance`'s kind, or `configuration_invalid`.
    public func requirePlugin(for instance: ProviderInstanceConfiguration) throws(IdentityError) -> any ProviderPlugin {
        guard let plugin = plugin(for: instance.reference.kind) else {
            throw IdentityError(
                .configurationInvalid, field: "kind",
                message: "No plugin is registered for kind \"\(instance.reference.kind)\".",
                recovery: "Register the plugin in the ProviderRegistry you load with.", provider: instance.reference)
        }
        return plugin
    }
}
