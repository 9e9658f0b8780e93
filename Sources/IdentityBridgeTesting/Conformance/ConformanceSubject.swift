public import IdentityBridge

/// What one conformance check runs against: a freshly built provider, the simulator behind it
/// and the manual clock both read.
///
/// ```swift
/// let subject = try ConformanceSubject.simulated(configuration: configuration, app: "demo", provider: "zendesk-chat")
/// ```
public struct ConformanceSubject: Sendable {
    /// The provider under test.
    public var provider: any IdentityProvider
    /// The simulated vendor behind the provider (`nil` when there is none; checks that count
    /// users or conversations are then skipped).
    public var simulator: (any VendorSimulator)?
    /// The clock the provider, its issuer and the simulator read.
    public var clock: ManualClock
    /// Secrets of the instance under test; the kit scans for them as well as for those given to
    /// ``ProviderConformance/init(users:secrets:badCredential:expiredCredential:notApplicable:subject:)``.
    public var secrets: [Secret]

    /// Creates a subject.
    public init(provider: any IdentityProvider, simulator: (any VendorSimulator)?, clock: ManualClock, secrets: [Secret] = []) {
        self.provider = provider
        self.simulator = simulator
        self.clock = clock
        self.secrets = secrets
    }

    /// 2026-01-01T00:00:00Z, the default start of the simulated clock.
    public static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)

    /// Builds `provider` of `app` from `configuration` against fresh simulators and a fresh
    /// `ManualClock` set to `start`; ``secrets`` are the `Secret` values of the instance's
    /// settings (found by `SecretDiscovery`).
    public static func simulated(
        configuration: IdentityConfiguration, app: String, provider: String,
        simulators: [any VendorSimulatorFactory],
        start: Date = defaultStart
    ) throws(IdentityError) -> ConformanceSubject {
        let clock = ManualClock(start)
        let vendors = SimulatedVendors(clock: clock, factories: simulators)
        let built = try configuration.makeProvider(app: app, provider: provider, context: vendors.context())
        let instance = try configuration.instance(app: app, provider: provider)
        return ConformanceSubject(
            provider: built, simulator: vendors.simulator(for: instance), clock: clock,
            secrets: SecretDiscovery.secrets(in: instance.settings))
    }
}

/// The two users the checks log in. They must be valid for the vendor and distinct in every
/// identifier.
public struct ConformanceUsers: Sendable {
    /// The first user.
    public var first: UserIdentity
    /// The second user, different from the first in id and email.
    public var second: UserIdentity

    /// Creates the pair.
    public init(first: UserIdentity, second: UserIdentity) {
        self.first = first
        self.second = second
    }

    /// Ann (`conformance-ann`, ann@example.com) and Bob (`conformance-bob`, bob@example.com).
    public static let standard = ConformanceUsers(
        first: UserIdentity(userId: "conformance-ann", email: "ann@example.com", name: "Ann Example"),
        second: UserIdentity(userId: "conformance-bob", email: "bob@example.com", name: "Bob Example"))
}

/// How the ``ConformanceCheck/badCredential`` check gets a credential the vendor must refuse
/// with `token_invalid`.
public struct BadCredentialSource: Sendable {
    enum Strategy: Sendable {
        case forged
        case custom(@Sendable (UserIdentity, ConformanceSubject) async throws -> Credential)
        case notApplicable(String)
    }
    let strategy: Strategy

    /// Issues a valid credential with the provider's issuer and breaks its signature with
    /// `CredentialForgery/wrongSignature(_:)` (JWTs re-signed with another key; hex or base64
    /// HMAC digests replaced by a digest under another key).
    public static var forged: BadCredentialSource { BadCredentialSource(strategy: .forged) }

    /// A credential made by `body` for the user (e.g. signed with the wrong secret).
    public static func custom(_ body: @escaping @Sendable (UserIdentity, ConformanceSubject) async throws -> Credential)
        -> BadCredentialSource
    {
        BadCredentialSource(strategy: .custom(body))
    }

    /// The vendor has no credential that can be wrong (e.g. anonymous-only identities).
    public static func notApplicable(_ reason: String) -> BadCredentialSource {
        BadCredentialSource(strategy: .notApplicable(reason))
    }
}

/// How the ``ConformanceCheck/expiredCredential`` check gets an expired credential.
public struct ExpiredCredentialSource: Sendable {
    enum Strategy: Sendable {
        case fromExpiry(margin: TimeInterval)
        case custom(@Sendable (UserIdentity, ConformanceSubject) async throws -> Credential)
        case notApplicable(String)
    }
    let strategy: Strategy

    /// Issues a credential now, then advances the clock to `margin` seconds past its
    /// `Credential.expiresAt` (a credential without `expiresAt` is a finding).
    public static func afterExpiry(margin: TimeInterval = 1) -> ExpiredCredentialSource {
        ExpiredCredentialSource(strategy: .fromExpiry(margin: margin))
    }

    /// A credential made by `body`, which may move `subject.clock`; it must be expired when returned.
    public static func custom(_ body: @escaping @Sendable (UserIdentity, ConformanceSubject) async throws -> Credential)
        -> ExpiredCredentialSource
    {
        ExpiredCredentialSource(strategy: .custom(body))
    }

    /// The vendor's credentials do not expire (e.g. Helpshift's legacy userAuthToken digests).
    public static func notApplicable(_ reason: String) -> ExpiredCredentialSource {
        ExpiredCredentialSource(strategy: .notApplicable(reason))
    }
}
