import IdentityBridge

// A third-party kind written the way a user of IdentityBridge would: "acme", an HMAC vendor whose
// credential is a base64url JSON payload plus a hex HMAC-SHA256 signature that expires. It shows
// that ProviderConformance and ScenarioRunner work for kinds this package knows nothing about.

extension ProviderKind {
    /// The test-only `acme` kind.
    static let acme: ProviderKind = "acme"
}

/// Deliberate bugs, so tests can prove the conformance kit and the scenario runner catch them.
struct AcmeFlaws: OptionSet, Sendable, Hashable {
    let rawValue: Int
    /// Puts the secret into error messages.
    static let leaksSecret = AcmeFlaws(rawValue: 1 << 0)
    /// Reports an expired credential as token_invalid.
    static let misreportsExpiry = AcmeFlaws(rawValue: 1 << 1)
    /// Stamps events with the wall clock instead of the injected clock.
    static let wallClockEvents = AcmeFlaws(rawValue: 1 << 2)
    /// Accepts unknown options silently.
    static let ignoresUnknownOptions = AcmeFlaws(rawValue: 1 << 3)
    /// Forgets to emit logged_out.
    static let silentLogout = AcmeFlaws(rawValue: 1 << 4)
    /// Never tells the vendor about a logout, so the user (and conversations) stay.
    static let logoutStaysLocal = AcmeFlaws(rawValue: 1 << 5)
    /// Emits `authentication_failed` for a refused credential but not the `login_failed` that ends every failed
    /// login: one event fewer than the failure table's row.
    static let refusalWithoutLoginFailed = AcmeFlaws(rawValue: 1 << 6)
}

/// The acme settings: `secret`, `token_lifetime` (default 10m, at most 1h).
struct AcmeSettings: ProviderSettings {
    var secret: Secret
    var tokenLifetime: Int64
}

/// The acme plugin.
struct AcmePlugin: ProviderPlugin {
    var flaws: AcmeFlaws = []
    var kind: ProviderKind { .acme }

    func parseSettings(_ reader: SettingsReader) -> AcmeSettings? {
        let secret = reader.secret("secret")
        let lifetime = reader.duration("token_lifetime", default: 600, range: 1...3600)
        guard let secret else { return nil }
        return AcmeSettings(secret: secret, tokenLifetime: lifetime)
    }

    func makeIssuer(_ settings: AcmeSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer
    {
        AcmeIssuer(provider: instance.reference, settings: settings, clock: context.clock, flaws: flaws)
    }

    func makeProvider(_ settings: AcmeSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError)
        -> any IdentityProvider
    {
        guard let port = context.port(instance) as? any AcmePort else {
            throw IdentityError(
                .configurationInvalid, message: "No acme SDK port is attached to \(instance.reference).",
                recovery: "Build the context with SimulatedVendors(factories: [AcmeSimulatorFactory()]).", provider: instance.reference)
        }
        let issuer = AcmeIssuer(
            provider: instance.reference, settings: settings, clock: context.clock, flaws: flaws)
        return AcmeProvider(reference: instance.reference, issuer: issuer, port: port, clock: context.clock, flaws: flaws)
    }
}

/// Mints acme credentials: `{"acme_payload": base64url(JSON), "acme_signature": hex HMAC}`.
struct AcmeIssuer: CredentialIssuer {
    let provider: ProviderReference
    let settings: AcmeSettings
    let clock: any IdentityClock
    let flaws: AcmeFlaws

    func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        guard let userId = user.userId, !userId.isEmpty else {
            throw IdentityError(
                .missingIdentifier, field: "userId", vendorCode: "AcmeUserRequired",
                message:
                    "acme identifies users by id only; none was given\(flaws.contains(.leaksSecret) ? " (secret \(settings.secret.revealed))" : "").",
                recovery: "Pass the app's user id.", provider: provider)
        }
        let expires = clock.unixSeconds() + settings.tokenLifetime
        var payload: [String: JSONValue] = ["user": .string(userId), "expires": .int(expires)]
        if let email = user.email { payload["email"] = .string(email) }
        if let name = user.name { payload["name"] = .string(name) }
        let encoded = Base64URL.encode(Array(JSONValue.object(payload).jsonString.utf8))
        let signature = HMACDigest.hex(HMACDigest.sha256(Array(encoded.utf8), secret: settings.secret))
        return Credential(
            fields: ["acme_payload": .string(encoded), "acme_signature": .string(signature)],
            expiresAt: Date(timeIntervalSince1970: TimeInterval(expires)))
    }

    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        throw .unsupported("verify", provider: provider)
    }
}
