#if TokenService
public import IdentityBridge

/// One loaded configuration, prepared for serving: per app its API key digests, its session token
/// verifier and an issuer per provider instance (built once, not per request). Immutable: a reload
/// builds a new snapshot and swaps it in (see ``ServiceState``), so a request in flight keeps the
/// snapshot it started with.
public final class ServiceSnapshot: Sendable {
    /// The configuration it was built from.
    public let configuration: IdentityConfiguration
    /// The served apps (those with a `service:` section), by name.
    let apps: [String: ServedApp]

    /// Prepares `configuration`; throws a `configuration_invalid` error when a session key file cannot be
    /// used. Session keys served from a URL are fetched now, into a store of this snapshot's own (a
    /// token with an unknown `kid` refreshes them; ``TokenService`` keeps one store across reloads and
    /// refreshes it on a schedule).
    public convenience init(configuration: IdentityConfiguration, context: IssuerContext) async throws(IdentityError) {
        try await self.init(configuration: configuration, context: context, sessionKeys: SessionKeyStore(logger: context.logger))
    }

    /// Prepares `configuration` with the session keys of `sessionKeys`.
    package init(configuration: IdentityConfiguration, context: IssuerContext, sessionKeys: SessionKeyStore) async throws(IdentityError) {
        self.configuration = configuration
        var apps: [String: ServedApp] = [:]
        for app in configuration.apps {
            guard let service = app.service else { continue }
            apps[app.name] = try await ServedApp(app: app, service: service, context: context, sessionKeys: sessionKeys)
        }
        self.apps = apps
    }

    /// `/readyz`'s `session_keys`: each issuer whose keys come from a URL, by app and issuer.
    var sessionKeyStatus: [JSONValue] {
        apps.keys.sorted().flatMap { name in
            (apps[name]?.sessionVerifier?.remoteKeys ?? []).sorted { $0.configured.label < $1.configured.label }.map(\.status)
        }
    }

    /// The names of the served apps.
    package var servedApps: [String] { apps.keys.sorted() }
}

/// One served app (a class: a request holds one reference, not a copy of every field).
final class ServedApp: Sendable {
    let name: String
    let service: AppServiceConfiguration
    /// The API keys, checked in constant time.
    let apiKeys: APIKeySet
    let sessionVerifier: SessionTokenVerifier?
    let instances: [String: ServedInstance]

    init(app: AppConfiguration, service: AppServiceConfiguration, context: IssuerContext, sessionKeys: SessionKeyStore)
        async throws(IdentityError)
    {
        self.name = app.name
        self.service = service
        self.apiKeys = APIKeySet(service.apiKeys)
        if let tokens = service.sessionTokens {
            self.sessionVerifier = try await SessionTokenVerifier(configuration: tokens, app: app.name, store: sessionKeys)
        } else {
            self.sessionVerifier = nil
        }
        var instances: [String: ServedInstance] = [:]
        for instance in app.providers {
            instances[instance.reference.name] = try ServedInstance(instance: instance, app: app.name, context: context)
        }
        self.instances = instances
        let names = instances.keys.sorted()
        let listed = names.prefix(Self.listedProviders).map { "\"\($0)\"" }.joined(separator: ", ")
        self.providerList = names.count > Self.listedProviders ? "\(listed) and \(names.count - Self.listedProviders) more" : listed
    }

    /// The most provider names a `not_found` message lists.
    static let listedProviders = 16
    /// The app's provider names, quoted and sorted (at most ``listedProviders``), for a `not_found` message.
    let providerList: String
}

/// One provider instance of a served app, with its issuer and (when its vendor calls a JWT endpoint)
/// its exchanger (a class: a request holds one reference, not a copy of every field).
final class ServedInstance: Sendable {
    let instance: ProviderInstanceConfiguration
    let issuer: any CredentialIssuer
    /// The exchanger, or the `unsupported_operation` error its kind answers.
    let exchanger: Result<any TokenExchanging, IdentityError>
    /// The credentials route's answer around a credential, as `identityctl token` prints it.
    let answer: CredentialAnswer
    /// The clock of the snapshot's `IssuerContext`: the events route's timestamps.
    let clock: any IdentityClock

    init(instance: ProviderInstanceConfiguration, app: String, context: IssuerContext) throws(IdentityError) {
        self.instance = instance
        self.issuer = try instance.makeIssuer(context: context)
        self.exchanger = Result { () throws(IdentityError) in try instance.makeTokenExchanger(context: context) }
        self.answer = CredentialAnswer(app: app, reference: instance.reference, clock: context.clock)
        self.clock = context.clock
    }
}
#endif
