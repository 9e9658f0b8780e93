package import Foundation
package import IdentityBridge
package import IdentityBridgeTesting
import Synchronization

// A complete third-party kind defined only in the tests, so the CLI plumbing is tested without
// the built-in adapters: settings, issuer (with token exchange), vendor event mapping, a provider
// that talks to its SDK port, and a simulator factory for `demo`. The configuration tests'
// ``SettingsEchoPlugin`` is another kind of the same name: see there why both exist.

extension ProviderKind {
    /// The kind of ``EchoPlugin`` and of ``SettingsEchoPlugin``, defined only in the tests.
    package static let echo: ProviderKind = "echo"
    /// The kind of ``PlainPlugin``.
    package static let plain: ProviderKind = "plain"
}

/// The settings of ``EchoPlugin`` and ``PlainPlugin``: a secret and `token_lifetime` (up to 1 h).
package struct EchoSettings: ProviderSettings {
    package let secret: Secret
    package let lifetime: Int64
}

/// Reads ``EchoSettings``.
package func parseEchoSettings(_ reader: SettingsReader) -> EchoSettings? {
    let secret = reader.secret("secret")
    let lifetime = reader.duration("token_lifetime", default: 300, range: 1...3600)
    guard let secret else { return nil }
    return EchoSettings(secret: secret, lifetime: lifetime)
}

/// Issues `{"jwt": HS256({sub, email?, exp})}`; exchanges a valid token for a new one.
package struct EchoIssuer: TokenExchanging {
    package let provider: ProviderReference
    package let settings: EchoSettings
    package let clock: any IdentityClock

    package var exchangeFormField: String { "echo_token" }

    package func exchange(user: UserIdentity) throws(IdentityError) -> String {
        guard let jwt = try issue(for: user).jwt else { throw .unsupported("exchange", provider: provider) }
        return jwt
    }

    package func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        guard let userId = user.userId, !userId.isEmpty else {
            throw IdentityError(
                .missingIdentifier, field: "userId", message: "echo needs a user id.", recovery: "Pass --user-id.", provider: provider)
        }
        return .jwt(echoToken(sub: userId, email: user.email, exp: clock.unixSeconds() + settings.lifetime, secret: settings.secret))
    }

    package func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        let decoded = try decodeEchoToken(
            token, secret: settings.secret,
            badSignature: IdentityError(
                .tokenInvalid, field: "signature", vendorCode: "BadSignature", message: "The signature does not match.", provider: provider)
        )
        let exp = try decoded.requiredInt("exp")
        guard exp > clock.unixSeconds() else {
            throw IdentityError(.tokenExpired, field: "exp", message: "The token expired.", provider: provider)
        }
        let sub = try decoded.requiredString("sub")
        if let expected = user?.userId, expected != sub {
            throw IdentityError(.tokenInvalid, field: "sub", message: "The token is for another user.", provider: provider)
        }
        return VerifiedCredential(claims: ["sub": .string(sub), "exp": .int(exp)], keyID: "k1")
    }

    package func exchange(userToken: String) throws(IdentityError) -> String {
        let verified = try verify(userToken, for: nil)
        return HS256Signer(secret: settings.secret).sign { claims in
            claims.add("sub", verified.claims["sub"]?.stringValue ?? "")
            claims.add("exchanged", true)
        }
    }
}

/// The `plain` kind: issues like echo but neither exchanges tokens nor maps vendor events.
package struct PlainIssuer: CredentialIssuer {
    package let inner: EchoIssuer
    package var provider: ProviderReference { inner.provider }
    package func issue(for user: UserIdentity) throws(IdentityError) -> Credential { try inner.issue(for: user) }
    package func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        try inner.verify(token, for: user)
    }
}

/// The SDK port of the echo vendor: the simulator.
package final class EchoSimulator: VendorSimulator {
    package let kind: ProviderKind = .echo
    private let users = Mutex<Set<String>>([])
    package var port: any Sendable { self }
    package func register(_ user: String) { _ = users.withLock { $0.insert(user) } }
    package func userCount() async -> Int { users.withLock { $0.count } }
    package func visibleConversationCount() async -> Int { 0 }
}

/// Makes an ``EchoSimulator`` per echo instance (for `identityctl demo`).
package struct EchoSimulatorFactory: VendorSimulatorFactory {
    package init() {}
    package var kind: ProviderKind { .echo }
    package func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        EchoSimulator()
    }
}

/// The echo vendor's provider: logs in through its issuer and its simulator.
package final class EchoProvider: IdentityProvider {
    package let reference: ProviderReference
    package let capabilities: ProviderCapabilities = [.jwt, .logout]
    package let issuer: any CredentialIssuer
    package let eventHub = EventHub()
    package let clock: any IdentityClock
    package let simulator: EchoSimulator
    private let current = Mutex<ProviderUser?>(nil)

    package init(reference: ProviderReference, issuer: any CredentialIssuer, clock: any IdentityClock, simulator: EchoSimulator) {
        self.reference = reference
        self.issuer = issuer
        self.clock = clock
        self.simulator = simulator
    }

    package func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        try await login(credential: try issuer.issue(for: user))
    }

    package func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        let verified = try issuer.verify(credential.jwt ?? "", for: nil)
        let sub = verified.claims["sub"]?.stringValue ?? ""
        simulator.register(sub)
        let user = ProviderUser(vendorUserId: "echo-\(sub)", externalId: sub, isAnonymous: false, isAuthenticated: true)
        current.withLock { $0 = user }
        eventHub.emit(IdentityEvent(.loginSucceeded, provider: reference, payload: .user(user), timestamp: clock.now()))
        return IdentitySession(provider: reference, user: user)
    }

    package func logout() async throws(IdentityError) {
        guard
            let user = current.withLock({ state in
                defer { state = nil }
                return state
            })
        else {
            throw IdentityError(.notLoggedIn, message: "Nobody is logged in.", provider: reference)
        }
        eventHub.emit(IdentityEvent(.loggedOut, provider: reference, payload: .user(user), timestamp: clock.now()))
    }

    package func currentUser() async -> ProviderUser? { current.withLock { $0 } }
}

/// The complete echo kind of the CLI tests: settings, issuer with token exchange, provider over
/// its simulator, vendor event mapping.
package struct EchoPlugin: ProviderPlugin, VendorEventMapping {
    package init() {}
    package var kind: ProviderKind { .echo }

    package func parseSettings(_ reader: SettingsReader) -> EchoSettings? { parseEchoSettings(reader) }

    package func makeIssuer(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError)
        -> any CredentialIssuer
    {
        EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock)
    }

    package func makeProvider(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        guard let simulator = context.port(instance) as? EchoSimulator else {
            throw IdentityError(.configurationInvalid, message: "No echo SDK port is attached.", provider: instance.reference)
        }
        let issuer = try makeIssuer(settings, for: instance, context: context.issuerContext)
        return EchoProvider(reference: instance.reference, issuer: issuer, clock: context.clock, simulator: simulator)
    }

    package func makeTokenExchanger(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> (any TokenExchanging)?
    {
        EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock)
    }

    /// `loggedIn` -> login_succeeded, `loggedOut` -> logged_out, `broken` -> invalid_value_type,
    /// anything else -> vendor_event.
    package func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        switch name {
        case "loggedIn":
            guard let id = data["id"]?.stringValue else {
                throw IdentityError(
                    .invalidValueType, field: "data.id", vendorCode: "loggedIn", message: "loggedIn needs a string id.", provider: provider)
            }
            let user = ProviderUser(vendorUserId: id, isAnonymous: false, isAuthenticated: true)
            return [IdentityEvent(.loginSucceeded, provider: provider, payload: .user(user), timestamp: timestamp)]
        case "loggedOut":
            return [IdentityEvent(.loggedOut, provider: provider, timestamp: timestamp)]
        default:
            return [IdentityEvent(.vendorEvent, provider: provider, payload: .vendor(name: name, data: data), timestamp: timestamp)]
        }
    }
}

/// The `plain` kind: echo's settings and issuer, without token exchange or vendor events.
package struct PlainPlugin: ProviderPlugin {
    package init() {}
    package var kind: ProviderKind { .plain }
    package func parseSettings(_ reader: SettingsReader) -> EchoSettings? { parseEchoSettings(reader) }
    package func makeIssuer(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError)
        -> any CredentialIssuer
    {
        PlainIssuer(inner: EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock))
    }
    package func makeProvider(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError) -> any IdentityProvider
    {
        throw .unsupported("makeProvider", provider: instance.reference)
    }
}

/// An echo token: HS256 over `sub`, `email` (when given) and `exp`. Both echo kinds issue these.
package func echoToken(sub: String, email: String? = nil, exp: Int64, secret: Secret) -> String {
    HS256Signer(secret: secret).sign { claims in
        claims.add("sub", sub)
        claims.addIfPresent("email", email)
        claims.add("exp", exp)
    }
}

/// `token` decoded, once it is HS256 and its signature checks out with `secret`; `badSignature` is
/// thrown otherwise. Both echo kinds verify so, then read what their tests expect.
package func decodeEchoToken(_ token: String, secret: Secret, badSignature: IdentityError) throws(IdentityError) -> DecodedJWT {
    let decoded = try DecodedJWT.decode(token)
    try decoded.requireHS256()
    guard decoded.verifySignature(with: HS256Signer(secret: secret)) else { throw badSignature }
    return decoded
}
