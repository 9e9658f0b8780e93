package import IdentityBridge

/// A vendor-neutral scenario: steps run against simulated vendors, with expectations on the
/// uniform events, errors and the simulated vendor's state. Parsed from YAML by
/// ``ScenarioParser`` and run by ``ScenarioRunner`` (or `identityctl run`).
///
/// ```yaml
/// name: anonymous conversation survives login
/// app: demo
/// provider: zendesk-messaging        # a list runs the scenario on each; absent: every provider of the app
/// start: 2026-01-01T00:00:00Z
/// steps:
///   - send_message: { text: hi }
///   - login: { user_id: u-1, email: ann@example.com, name: Ann }
///   - expect: { event: users_merged }
///   - expect: { conversations: 1 }
/// ```
public struct Scenario: Sendable {
    /// The scenario's name (defaults to the file name).
    public var name: String
    /// The configured app it runs against.
    public var app: String
    /// The provider instances it runs on (`nil`: every provider of the app).
    package var providers: [String]?
    /// The simulated clock's start.
    package var start: Date
    /// The steps, numbered from 1 in file order (expect steps included).
    package var steps: [ScenarioStep]
    /// The file it came from.
    package var file: String
    /// Where `provider:` (or the root) sits, for diagnostics about unknown providers.
    package var providerLocation: ScenarioLocation
    /// Where `app:` sits.
    package var appLocation: ScenarioLocation

    /// Creates a scenario.
    package init(
        name: String, app: String, providers: [String]?, start: Date, steps: [ScenarioStep], file: String,
        providerLocation: ScenarioLocation = ScenarioLocation(line: 1, column: 1),
        appLocation: ScenarioLocation = ScenarioLocation(line: 1, column: 1)
    ) {
        self.name = name
        self.app = app
        self.providers = providers
        self.start = start
        self.steps = steps
        self.file = file
        self.providerLocation = providerLocation
        self.appLocation = appLocation
    }
}

/// A line and column in a scenario file, from 1.
package struct ScenarioLocation: Hashable, Sendable {
    /// The line.
    package var line: Int
    /// The column.
    package var column: Int
    /// Creates a location.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// One numbered step.
package struct ScenarioStep: Sendable {
    /// The step number, from 1, in file order.
    package var number: Int
    /// Where the step sits in the file.
    package var location: ScenarioLocation
    /// What it does.
    package var action: ScenarioAction

    /// Creates a step.
    package init(number: Int, location: ScenarioLocation, action: ScenarioAction) {
        self.number = number
        self.location = location
        self.action = action
    }
}

/// What a step does.
package enum ScenarioAction: Sendable {
    /// `login: { user_id, email, name, metadata, issued_ago, forge }`: a neutral identity whose
    /// credential the configured issuer mints (optionally `issued_ago` a duration earlier, or with a
    /// forged signature).
    case login(ScenarioLogin)
    /// `login: { credential: { ... } }`: a raw vendor credential, bypassing the issuer.
    case loginCredential([String: JSONValue])
    /// `client_login: { user_id, email, name }`: the app side of the flow, the same for every kind:
    /// the scenario's ``ScenarioClient`` fetches the user's credential from the token service, and
    /// the provider logs in with it (`login(credential:)`).
    case clientLogin(UserIdentity)
    /// `logout: {}`.
    case logout
    /// `reset_identity: {}`.
    case resetIdentity
    /// `advance: 10m`: moves the simulated clock forward by this many seconds.
    case advance(seconds: Int64)
    /// `set: { option: value, ... }`: provider options, applied in file order.
    case set([ScenarioOption])
    /// `send_message: { text: hi }`.
    case sendMessage(String)
    /// `vendor_event: { name: ..., data: {...} }`.
    case vendorEvent(name: String, data: JSONValue)
    /// `foreground: {}`.
    case foreground
    /// `expect: {...}`: one or more expectations about the previous step and the current state.
    case expect([ScenarioExpectation])

    /// The step's YAML key.
    package var keyword: String {
        switch self {
        case .login, .loginCredential: "login"
        case .clientLogin: "client_login"
        case .logout: "logout"
        case .resetIdentity: "reset_identity"
        case .advance: "advance"
        case .set: "set"
        case .sendMessage: "send_message"
        case .vendorEvent: "vendor_event"
        case .foreground: "foreground"
        case .expect: "expect"
        }
    }
}

/// A neutral login.
package struct ScenarioLogin: Sendable {
    /// The user.
    package var user: UserIdentity
    /// Mint the credential this many seconds before the step's time (to replay an old credential).
    package var issuedAgo: Int64?
    /// Break the credential's signature (`CredentialForgery/wrongSignature(_:)`).
    package var forge: Bool

    /// Creates a login.
    package init(user: UserIdentity, issuedAgo: Int64? = nil, forge: Bool = false) {
        self.user = user
        self.issuedAgo = issuedAgo
        self.forge = forge
    }
}

/// One `set:` entry.
package struct ScenarioOption: Sendable {
    /// The option name (snake_case, e.g. `clear_anonymous_user_on_login`).
    package var key: String
    /// Its new value.
    package var value: JSONValue
    /// Creates an option.
    package init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// One expectation; each yields one `expect` line.
package enum ScenarioExpectation: Sendable {
    /// `event: NAME` (+ `data:` subset): the previous step emitted it.
    case event(IdentityEvent.Name, data: JSONValue?)
    /// `no_event: NAME`: the previous step did not emit it.
    case noEvent(IdentityEvent.Name)
    /// `events: [A, B]`: the previous step emitted these, in this order (others may come between).
    case events([IdentityEvent.Name])
    /// `error: CODE` or `error: { code: CODE, vendor_code: X }`: the previous step failed with it.
    case error(IdentityError.Code, vendorCode: String?)
    /// `no_error: true`: the previous step succeeded.
    case noError
    /// `user: {...}`: the current vendor user.
    case user(ScenarioUserExpectation)
    /// `users: N`: users in the simulated vendor directory.
    case users(Int)
    /// `conversations: N`: conversations visible to the current user.
    case conversations(Int)
}

/// Conditions on the current vendor user; every given one must hold.
package struct ScenarioUserExpectation: Sendable {
    /// The vendor user is the one current after step N.
    package var sameAsStep: Int?
    /// The vendor user differs from the one current after step N.
    package var differentFromStep: Int?
    /// The user is anonymous (or there is none) / is a logged-in user.
    package var anonymous: Bool?
    /// The vendor verified the user's identity.
    package var authenticated: Bool?
    /// There is no current user at all.
    package var none: Bool?
    /// The email the vendor holds (case-insensitive); `.some(nil)` for none.
    package var email: String??
    /// The external id the vendor holds.
    package var externalId: String??
    /// The name the vendor holds.
    package var name: String??

    /// Creates an empty expectation.
    package init() {}
}
