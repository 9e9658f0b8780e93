package import IdentityBridge

/// Settings of the configuration tests' `echo` kind, exercising every `SettingsReader` accessor.
package struct SettingsEchoSettings: ProviderSettings {
    package struct SigningKey {
        package let id: String
        package let secret: Secret
    }
    package let secret: Secret
    package let previousSecrets: [Secret]
    package let tokenLifetime: Int64
    package let mode: String
    package let enabled: Bool
    package let retries: Int
    package let label: String?
    package let signingKeys: [SigningKey]
    package let region: String?
}

/// The configuration tests' `echo` kind, a minimal third-party plugin: every `SettingsReader`
/// accessor (`token_lifetime` 1...420 s, `mode`, `enabled`, `retries`, `label`, `signing_keys`,
/// `network.region`, `previous_secrets`), HS256 tokens with `sub` and `exp` whose verification
/// returns `sub` alone, and no provider.
///
/// A second kind named `echo` beside the CLI tests' ``EchoPlugin`` because the two differ in what
/// their tests assert: these settings, ranges and positions are what the loader tests check, while
/// ``EchoPlugin`` is a complete kind (token exchange, vendor events, a provider over a simulator)
/// with only `secret` and a `token_lifetime` up to 1 h, whose verification also checks `exp` and the user.
package struct SettingsEchoPlugin: ProviderPlugin {
    package init() {}
    package var kind: ProviderKind { .echo }

    package func parseSettings(_ reader: SettingsReader) -> SettingsEchoSettings? {
        let secret = reader.secret("secret")
        let previous = reader.secrets("previous_secrets", maxCount: 3) ?? []
        let lifetime = reader.duration("token_lifetime", default: 300, range: 1...420)
        let mode = reader.choice("mode", ["single", "multi"], default: "single")
        let enabled = reader.bool("enabled", default: false)
        let retries = reader.int("retries", default: 3, range: 0...10)
        let label = reader.string("label")
        var keys: [SettingsEchoSettings.SigningKey] = []
        for key in reader.list("signing_keys") ?? [] {
            if let id = key.string("key_id", required: true), let secret = key.secret("secret") {
                keys.append(.init(id: id, secret: secret))
            }
        }
        let region = reader.mapping("network")?.string("region")
        guard let secret, let mode else { return nil }
        return SettingsEchoSettings(
            secret: secret, previousSecrets: previous, tokenLifetime: lifetime, mode: mode, enabled: enabled,
            retries: retries, label: label, signingKeys: keys, region: region)
    }

    package func makeIssuer(_ settings: SettingsEchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> any CredentialIssuer
    {
        SettingsEchoIssuer(provider: instance.reference, settings: settings, clock: context.clock)
    }

    package func makeProvider(_ settings: SettingsEchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        throw .unsupported("makeProvider", provider: instance.reference)
    }
}

/// Issues `{"jwt": HS256(sub, exp)}`; verifies the signature and returns `sub`.
package struct SettingsEchoIssuer: CredentialIssuer {
    package let provider: ProviderReference
    package let settings: SettingsEchoSettings
    package let clock: any IdentityClock

    package func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        guard let userId = user.userId else {
            throw IdentityError(.missingIdentifier, field: "userId", message: "echo needs a user id.", provider: provider)
        }
        return .jwt(echoToken(sub: userId, exp: clock.unixSeconds() + settings.tokenLifetime, secret: settings.secret))
    }

    package func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        let decoded = try decodeEchoToken(
            token, secret: settings.secret, badSignature: IdentityError(.tokenInvalid, message: "bad signature", provider: provider))
        return VerifiedCredential(claims: ["sub": .string(try decoded.requiredString("sub"))])
    }
}
