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

    /// Prepares `configuration`; throws a `configuration_invalid` error when a session key set cannot be used.
    public init(configuration: IdentityConfiguration, context: IssuerContext) async throws(IdentityError) {
        self.configuration = configuration
        var apps: [String: ServedApp] = [:]
        for app in configuration.apps {
            guard let service = app.service else { continue }
            apps[app.name] = try await ServedApp(app: app, service: service, context: context)
        }
        self.apps = apps
    }

    /// The names of the served apps.
    public var servedApps: [String] { apps.keys.sorted() }
}

/// One served app (a class: a request holds one reference, not a copy of every field).
final class ServedApp: Sendable {
    let name: String
    let service: AppServiceConfiguration
    /// A random HMAC-SHA256 key of this app's snapshot, and each API key's MAC under it: a presented
    /// key's MAC is compared in constant time against each (fixed-length MACs, so neither the keys'
    /// contents nor their lengths leak through timing; the key is new at every load, so the MACs
    /// mean nothing outside this process).
    let apiKeyMAC: HMACDigest.Key
    let apiKeyMACs: [[UInt8]]
    let sessionVerifier: SessionTokenVerifier?
    let instances: [String: ServedInstance]

    init(app: AppConfiguration, service: AppServiceConfiguration, context: IssuerContext) async throws(IdentityError) {
        self.name = app.name
        self.service = service
        let macKey = HMACDigest.Key(secret: Secret(bytes: (0..<32).map { _ in UInt8.random(in: 0...255) }))
        self.apiKeyMAC = macKey
        self.apiKeyMACs = service.apiKeys.map { macKey.authenticationCode(for: $0.revealedBytes) }
        if let tokens = service.sessionTokens {
            self.sessionVerifier = try await SessionTokenVerifier(configuration: tokens, app: app.name)
        } else {
            self.sessionVerifier = nil
        }
        var instances: [String: ServedInstance] = [:]
        for instance in app.providers {
            instances[instance.reference.name] = try ServedInstance(instance: instance, app: app.name, context: context)
        }
        self.instances = instances
    }

    /// Whether `token` is one of the app's API keys (constant time in the keys' contents; every key is compared).
    func isAPIKey(_ token: Substring) -> Bool {
        var token = token
        return token.withUTF8 { presented in
            apiKeyMAC.withAuthenticationCode(for: UnsafeRawBufferPointer(presented)) { presented in
                var matched = false
                for key in apiKeyMACs {
                    let equal = key.withUnsafeBytes { HMACDigest.constantTimeEquals($0, presented) }
                    matched = equal || matched
                }
                return matched
            }
        }
    }
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

    init(instance: ProviderInstanceConfiguration, app: String, context: IssuerContext) throws(IdentityError) {
        self.instance = instance
        self.issuer = try instance.makeIssuer(context: context)
        self.exchanger = Result { () throws(IdentityError) in try instance.makeTokenExchanger(context: context) }
        self.answer = CredentialAnswer(app: app, reference: instance.reference)
    }
}
