import Foundation
import IdentityBridge
import IdentityBridgeTestSupport

extension ProviderKind {
    /// A kind that exists only in these tests: registry extension needs no change to the package.
    static let echo: ProviderKind = "echo"
}

/// Settings of the test-only `echo` kind, exercising every `SettingsReader` accessor.
struct EchoSettings: ProviderSettings {
    struct SigningKey {
        let id: String
        let secret: Secret
    }
    let secret: Secret
    let previousSecrets: [Secret]
    let tokenLifetime: Int64
    let mode: String
    let enabled: Bool
    let retries: Int
    let label: String?
    let signingKeys: [SigningKey]
    let region: String?
}

/// A minimal third-party plugin: HS256 tokens with `sub` and `exp`, defined only in the tests.
struct EchoPlugin: ProviderPlugin {
    var kind: ProviderKind { .echo }

    func parseSettings(_ reader: SettingsReader) -> EchoSettings? {
        let secret = reader.secret("secret")
        let previous = reader.secrets("previous_secrets", maxCount: 3) ?? []
        let lifetime = reader.duration("token_lifetime", default: 300, range: 1...420)
        let mode = reader.choice("mode", ["single", "multi"], default: "single")
        let enabled = reader.bool("enabled", default: false)
        let retries = reader.int("retries", default: 3, range: 0...10)
        let label = reader.string("label")
        var keys: [EchoSettings.SigningKey] = []
        for key in reader.list("signing_keys") ?? [] {
            if let id = key.string("key_id", required: true), let secret = key.secret("secret") {
                keys.append(.init(id: id, secret: secret))
            }
        }
        let region = reader.mapping("network")?.string("region")
        guard let secret, let mode else { return nil }
        return EchoSettings(
            secret: secret, previousSecrets: previous, tokenLifetime: lifetime, mode: mode, enabled: enabled,
            retries: retries, label: label, signingKeys: keys, region: region)
    }

    func makeIssuer(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer
    {
        EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock)
    }

    func makeProvider(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError)
        -> any IdentityProvider
    {
        throw .unsupported("makeProvider", provider: instance.reference)
    }
}

/// Issues `{"jwt": HS256(sub, exp)}`.
struct EchoIssuer: CredentialIssuer {
    let provider: ProviderReference
    let settings: EchoSettings
    let clock: any IdentityClock

    func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        guard let userId = user.userId else {
            throw IdentityError(.missingIdentifier, field: "userId", message: "echo needs a user id.", provider: provider)
        }
        let exp = clock.unixSeconds() + settings.tokenLifetime
        let token = HS256Signer(secret: settings.secret).sign { claims in
            claims.add("sub", userId)
            claims.add("exp", exp)
        }
        return .jwt(token)
    }

    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        let decoded = try DecodedJWT.decode(token)
        try decoded.requireHS256()
        guard decoded.verifySignature(with: HS256Signer(secret: settings.secret)) else {
            throw IdentityError(.tokenInvalid, message: "bad signature", provider: provider)
        }
        return VerifiedCredential(claims: ["sub": .string(try decoded.requiredString("sub"))])
    }
}

/// Loads YAML with only the echo plugin registered and a fixed environment.
func loadEcho(
    _ yaml: String, variables: [String: String] = ["ECHO_SECRET": "echo-secret-value-0123456789abcdef"],
    files: [String: String] = [:], file: String = "app.yaml"
) throws(ConfigurationError) -> IdentityConfiguration {
    let environment = ConfigEnvironment(variables: variables) { path in
        guard let contents = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return contents
    }
    return try TestConfiguration.load(
        yaml: yaml, registry: ProviderRegistry([EchoPlugin()]), environment: environment, file: file, baseDirectory: "/etc/identity")
}

/// The diagnostics of a YAML text that must fail to load.
func diagnostics(
    _ yaml: String, variables: [String: String] = ["ECHO_SECRET": "echo-secret-value-0123456789abcdef"],
    files: [String: String] = [:]
) -> [ConfigDiagnostic] {
    TestConfiguration.diagnostics { () throws(ConfigurationError) in try loadEcho(yaml, variables: variables, files: files) }
}

/// `LINE:COLUMN` of every diagnostic, for compact position assertions.
func positions(_ diagnostics: [ConfigDiagnostic]) -> [String] { diagnostics.map { "\($0.line):\($0.column)" } }
