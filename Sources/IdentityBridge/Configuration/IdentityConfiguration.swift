/// A loaded, validated configuration: many apps, each with its provider instances.
public struct IdentityConfiguration: Sendable {
    /// The apps, in file order.
    public var apps: [AppConfiguration]
    /// The file the configuration came from.
    public var file: String
    /// Secrets and API keys that resolved from the default of a `${VAR:-default}` reference
    /// (development values; `identity-server` refuses them unless told otherwise).
    package var developmentSecrets: [DevelopmentSecret]
    /// The files the load read (the configuration file, secret and key files) and a digest of
    /// their contents: what to watch for a reload, and which inputs a snapshot serves.
    public var inputs = ConfigurationInputs()
    /// The `server:` mapping as written (`nil`: none); `identity-server` reads it (see ``ServerSection``).
    public var server: ServerSection?

    /// Creates a configuration.
    package init(apps: [AppConfiguration], file: String, developmentSecrets: [DevelopmentSecret] = []) {
        self.apps = apps
        self.file = file
        self.developmentSecrets = developmentSecrets
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

    /// The instance `id` names.
    public func instance(_ id: ProviderInstanceID) throws(IdentityError) -> ProviderInstanceConfiguration {
        try instance(app: id.app, provider: id.provider)
    }

    /// Builds the session provider `provider` of app `app` with the plugin that parsed its settings.
    public func makeProvider(app: String, provider: String, context: ProviderContext = ProviderContext()) throws(IdentityError)
        -> any IdentityProvider
    {
        try instance(app: app, provider: provider).makeProvider(context: context)
    }

    /// Builds the session provider `id` names.
    public func makeProvider(_ id: ProviderInstanceID, context: ProviderContext = ProviderContext()) throws(IdentityError)
        -> any IdentityProvider
    {
        try instance(id).makeProvider(context: context)
    }

    /// Builds the issuer of provider `provider` of app `app`.
    public func makeIssuer(app: String, provider: String, context: IssuerContext = IssuerContext()) throws(IdentityError)
        -> any CredentialIssuer
    {
        try instance(app: app, provider: provider).makeIssuer(context: context)
    }

    /// Builds the issuer `id` names.
    public func makeIssuer(_ id: ProviderInstanceID, context: IssuerContext = IssuerContext()) throws(IdentityError)
        -> any CredentialIssuer
    {
        try instance(id).makeIssuer(context: context)
    }

    /// Builds the token exchanger of provider `provider` of app `app` (the logic of the vendor's JWT
    /// endpoint), or `unsupported_operation` when its vendor calls no endpoint.
    public func makeTokenExchanger(app: String, provider: String, context: IssuerContext = IssuerContext()) throws(IdentityError)
        -> any TokenExchanging
    {
        try instance(app: app, provider: provider).makeTokenExchanger(context: context)
    }
}

/// One app of a configuration.
public struct AppConfiguration: Sendable {
    /// The app's name (its key under `apps:`).
    public var name: String
    /// Its provider instances, in file order.
    public var providers: [ProviderInstanceConfiguration]
    /// How the token service serves the app; `nil` when the app has no `service:` section (not served).
    package var service: AppServiceConfiguration?

    /// Creates an app.
    package init(name: String, providers: [ProviderInstanceConfiguration], service: AppServiceConfiguration? = nil) {
        self.name = name
        self.providers = providers
        self.service = service
    }
}
