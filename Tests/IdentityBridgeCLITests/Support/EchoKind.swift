import Foundation
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Synchronization

// A complete third-party kind defined only in these tests, so the CLI plumbing is tested without
// the built-in adapters: settings, issuer (with token exchange), vendor event mapping, a provider
// that talks to its SDK port, and a simulator factory for `demo`.

extension ProviderKind {
    static let echo: ProviderKind = "echo"
    static let plain: ProviderKind = "plain"
}

struct EchoSettings: ProviderSettings {
    let secret: Secret
    let lifetime: Int64
}

func parseEchoSettings(_ reader: SettingsReader) -> EchoSettings? {
    let secret = reader.secret("secret")
    let lifetime = reader.duration("token_lifetime", default: 300, range: 1...3600)
    guard let secret else { return nil }
    return EchoSettings(secret: secret, lifetime: lifetime)
}

/// Issues `{"jwt": HS256({sub, email?, exp})}`; exchanges a valid token for a new one.
struct EchoIssuer: TokenExchanging {
    let provider: ProviderReference
    let settings: EchoSettings
    let clock: any IdentityClock

    var exchangeFormField: String { "echo_token" }

    func exchange(user: UserIdentity) throws(IdentityError) -> String {
        guard let jwt = try issue(for: user).jwt else { throw .unsupported("exchange", provider: provider) }
        return jwt
    }

    func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        guard let userId = user.userId, !userId.isEmpty else {
            throw IdentityError(
                .missingIdentifier, field: "userId", message: "echo needs a user id.", recovery: "Pass --user-id.", provider: provider)
        }
        let exp = clock.unixSeconds() + settings.lifetime
        let token = HS256Signer(secret: settings.secret).sign { claims in
            claims.add("sub", userId)
            claims.addIfPresent("email", user.email)
            claims.add("exp", exp)
        }
        return .jwt(token)
    }

    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        let decoded = try DecodedJWT.decode(token)
        try decoded.requireHS256()
        guard decoded.verifySignature(with: HS256Signer(secret: settings.secret)) else {
            throw IdentityError(
                .tokenInvalid, field: "signature", vendorCode: "BadSignature", message: "The signature does not match.", provider: provider)
        }
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

    func exchange(userToken: String) throws(IdentityError) -> String {
        let verified = try verify(userToken, for: nil)
        return HS256Signer(secret: settings.secret).sign { claims in
            claims.add("sub", verified.claims["sub"]?.stringValue ?? "")
            claims.add("exchanged", true)
        }
    }
}

/// The `plain` kind: issues like echo but neither exchanges tokens nor maps vendor events.
struct PlainIssuer: CredentialIssuer {
    let inner: EchoIssuer
    var provider: ProviderReference { inner.provider }
    func issue(for user: UserIdentity) throws(IdentityError) -> Credential { try inner.issue(for: user) }
    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential { try inner.verify(token, for: user) }
}

/// The SDK port of the echo vendor: the simulator.
final class EchoSimulator: VendorSimulator {
    let kind: ProviderKind = .echo
    private let users = Mutex<Set<String>>([])
    var port: any Sendable { self }
    func register(_ user: String) { _ = users.withLock { $0.insert(user) } }
    func userCount() async -> Int { users.withLock { $0.count } }
    func visibleConversationCount() async -> Int { 0 }
}

struct EchoSimulatorFactory: VendorSimulatorFactory {
    var kind: ProviderKind { .echo }
    func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator { EchoSimulator() }
}

final class EchoProvider: IdentityProvider {
    let reference: ProviderReference
    let capabilities: ProviderCapabilities = [.jwt, .logout]
    let issuer: any CredentialIssuer
    let eventHub = EventHub()
    let clock: any IdentityClock
    let simulator: EchoSimulator
    private let current = Mutex<ProviderUser?>(nil)

    init(reference: ProviderReference, issuer: any CredentialIssuer, clock: any IdentityClock, simulator: EchoSimulator) {
        self.reference = reference
        self.issuer = issuer
        self.clock = clock
        self.simulator = simulator
    }

    func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        try await login(credential: try issuer.issue(for: user))
    }

    func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        let verified = try issuer.verify(credential.jwt ?? "", for: nil)
        let sub = verified.claims["sub"]?.stringValue ?? ""
        simulator.register(sub)
        let user = ProviderUser(vendorUserId: "echo-\(sub)", externalId: sub, isAnonymous: false, isAuthenticated: true)
        current.withLock { $0 = user }
        eventHub.emit(IdentityEvent(.loginSucceeded, provider: reference, payload: .user(user), timestamp: clock.now()))
        return IdentitySession(provider: reference, user: user)
    }

    func logout() async throws(IdentityError) {
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

    func currentUser() async -> ProviderUser? { current.withLock { $0 } }
}

struct EchoPlugin: ProviderPlugin, VendorEventMapping {
    var kind: ProviderKind { .echo }

    func parseSettings(_ reader: SettingsReader) -> EchoSettings? { parseEchoSettings(reader) }

    func makeIssuer(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer
    {
        EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock)
    }

    func makeProvider(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError)
        -> any IdentityProvider
    {
        guard let simulator = context.port(instance) as? EchoSimulator else {
            throw IdentityError(.configurationInvalid, message: "No echo SDK port is attached.", provider: instance.reference)
        }
        let issuer = try makeIssuer(settings, for: instance, context: context.issuerContext)
        return EchoProvider(reference: instance.reference, issuer: issuer, clock: context.clock, simulator: simulator)
    }

    func makeTokenExchanger(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
        throws(IdentityError) -> (any TokenExchanging)?
    {
        EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock)
    }

    /// `loggedIn` -> login_succeeded, `loggedOut` -> logged_out, `broken` -> invalid_value_type,
    /// anything else -> vendor_event.
    func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
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

struct PlainPlugin: ProviderPlugin {
    var kind: ProviderKind { .plain }
    func parseSettings(_ reader: SettingsReader) -> EchoSettings? { parseEchoSettings(reader) }
    func makeIssuer(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer
    {
        PlainIssuer(inner: EchoIssuer(provider: instance.reference, settings: settings, clock: context.clock))
    }
    func makeProvider(_ settings: EchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext) throws(IdentityError)
        -> any IdentityProvider
    {
        throw .unsupported("makeProvider", provider: instance.reference)
    }
}
