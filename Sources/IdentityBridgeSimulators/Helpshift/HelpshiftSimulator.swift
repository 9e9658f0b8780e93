import Foundation
public import HelpshiftAdapter
public import IdentityBridge
public import IdentityBridgeTesting
import Synchronization

/// An in-memory Helpshift: the SDK X and its backend, written from helpshift-users.txt,
/// helpshift-events.txt and vendor-notes.md. It implements `HelpshiftSDKPort` so the adapter can
/// drive it, and does every check itself (its own HMAC digests, its own JWT parsing and limits):
/// it never calls the adapter's issuer or validators.
///
/// Standard events are sent with their raw names and raw keys (`agentMessageReceived`,
/// `publishId`); Identity System events with their constant names (`HelpshiftIdentityTokenInvalid`).
public actor HelpshiftSimulator: HelpshiftSDKPort, VendorSimulator {
    /// Vendor-side settings: the dashboard and the SDK install.
    public struct Configuration: Sendable {
        /// Dashboard "Identity verification" on.
        public var identityVerification: Bool
        /// The secrets on the dashboard: the current one and any old one not deleted yet.
        public var secrets: [Secret]
        /// What Helpshift computes the digest over: `auto`, `user_id`, `email` or `user_id_and_email` (`userId + email`).
        package var digestInput: String
        /// How Helpshift writes the digest: `hex`, `base64` or `base64_unpadded`.
        package var digestEncoding: String
        /// The SDK's `fullPrivacy` flag.
        package var fullPrivacy: Bool
        /// Whether the Identity System is enabled for the domain.
        package var identityFeatureEnabled: Bool
        /// The Identity System's shared secret.
        package var identitySecret: Secret?
        /// How long an Identity System session lasts (seconds).
        package var sessionLifetime: Int64
        /// How long before expiry `refreshUserCredentials` is sent (seconds).
        package var refreshLeadTime: Int64

        /// Creates a configuration.
        public init(
            identityVerification: Bool = false, secrets: [Secret], digestInput: String = "auto", digestEncoding: String = "hex",
            fullPrivacy: Bool = false, identityFeatureEnabled: Bool = false, identitySecret: Secret? = nil,
            sessionLifetime: Int64 = 3600, refreshLeadTime: Int64 = 300
        ) {
            self.identityVerification = identityVerification
            self.secrets = secrets
            self.digestInput = digestInput
            self.digestEncoding = digestEncoding
            self.fullPrivacy = fullPrivacy
            self.identityFeatureEnabled = identityFeatureEnabled
            self.identitySecret = identitySecret
            self.sessionLifetime = sessionLifetime
            self.refreshLeadTime = refreshLeadTime
        }
    }

    struct Conversation {
        var issueId: String
        var publishId: String
        var isOpen: Bool
        var messages: [String]
        var unread: Int
        var awaitingResolution = false
    }

    struct User {
        var localId: String
        var userId: String?
        var email: String?
        var name: String?
        var isAnonymous: Bool
        var identities: [String: String] = [:]
        var appAttributes: [String: JSONValue] = [:]
        var masterAttributes: [String: JSONValue] = [:]
        var conversations: [Conversation] = []
    }

    struct IdentitySession {
        var expiresAt: Int64
        var refreshSent = false
        var expiredNotified = false
    }

    /// The `helpshift` kind.
    public nonisolated var kind: ProviderKind { .helpshift }
    /// This simulator, as the adapter's port.
    public nonisolated var port: any Sendable { self }

    let clock: any IdentityClock
    var configuration: Configuration
    private let delegate = Mutex<HelpshiftDelegate?>(nil)

    var users: [User] = []
    var nextLocalId = 1
    var nextIssue = 1
    var currentIndex: Int?
    var anonymousLocalId: String?
    /// The device's anonymous identity before it has a stored profile (reported by currentUser()).
    var pendingAnonymousLocalId: String?
    var verified = true
    var authFailure: HelpshiftAuthenticationFailureReason?
    var clearAnonymousOnLogin = false
    var session: IdentitySession?
    var injectedLoginFailure: String?
    var failNextSync = false
    var cachedUnread = 0
    var lastServerFetch: Int64?
    /// How many times the unread count was fetched from the (simulated) server.
    package internal(set) var serverUnreadRequests = 0
    /// The login dictionary keys that reached Helpshift although `fullPrivacy` forbids them
    /// (`userEmail`, `userName`), in order: empty when the app honoured full privacy.
    package internal(set) var privacyLeaks: [String] = []

    /// Creates a simulator.
    public init(configuration: Configuration, clock: any IdentityClock) {
        self.configuration = configuration
        self.clock = clock
    }

    // MARK: Delegate

    /// Sets the delegate the simulator calls synchronously.
    public nonisolated func setDelegate(_ delegate: HelpshiftDelegate?) {
        self.delegate.withLock { $0 = delegate }
    }

    func send(_ name: String, _ data: JSONValue = .null) {
        let handler = delegate.withLock { $0 }
        handler?(.event(name: name, data: data))
    }

    func sendAuthenticationFailure(_ reason: HelpshiftAuthenticationFailureReason) {
        let handler = delegate.withLock { $0 }
        handler?(.authenticationFailed(reason))
    }

    var now: Int64 { clock.unixSeconds() }

    // MARK: VendorSimulator

    /// Every user in the directory, anonymous users included.
    public func userCount() -> Int { users.count }

    /// Conversations the current user can see: none for an unverified logged-in user.
    public func visibleConversationCount() -> Int {
        guard let currentIndex else { return 0 }
        let user = users[currentIndex]
        if !user.isAnonymous, configuration.identityVerification, !verified { return 0 }
        return user.conversations.count
    }

    // MARK: Test controls

    /// The next `loginWithIdentity` fails with `reason` (e.g. `NetworkError`, `LoginInProgress`).
    package func injectIdentityLoginFailure(_ reason: String) { injectedLoginFailure = reason }
    /// The next identities or attributes update fails to sync (`...SyncFailed` with `HelpshiftInvalidData`).
    package func failNextSyncWithBackend() { failNextSync = true }
    /// Turns the domain's Identity System on or off.
    package func setIdentityFeatureEnabled(_ enabled: Bool) { configuration.identityFeatureEnabled = enabled }
    /// Sends any raw event to the delegate, as the SDK would.
    package func emitRawEvent(name: String, data: JSONValue = .null) { send(name, data) }
    /// Whether an anonymous user is stored on the device.
    package func hasAnonymousUser() -> Bool { anonymousLocalId != nil }
    /// The identities stored for the user with `userId`.
    public func identities(ofUserId userId: String) -> [String: String] {
        users.first { Self.sameUserId($0.userId, userId) }?.identities ?? [:]
    }
    /// The app attributes stored for the current user.
    public func appAttributes() -> [String: JSONValue] { currentIndex.map { users[$0].appAttributes } ?? [:] }
    /// The master attributes stored for the current user.
    public func masterAttributes() -> [String: JSONValue] { currentIndex.map { users[$0].masterAttributes } ?? [:] }
    /// The stored user with `userId` (case-sensitive), as the port describes users.
    public func user(withUserId userId: String) -> HelpshiftPortUser? {
        users.first { Self.sameUserId($0.userId, userId) }.map { describe($0, verified: true) }
    }
    /// Every stored user with `email` (case-insensitive).
    public func users(withEmail email: String) -> [HelpshiftPortUser] {
        users.filter { $0.email?.lowercased() == email.lowercased() }.map { describe($0, verified: true) }
    }
    /// Checks the Identity System session now, as the SDK does on its own timer: sends
    /// `userSessionExpired` once when the session has just expired.
    package func tick() { checkSessionExpiry() }

    func describe(_ user: User, verified: Bool) -> HelpshiftPortUser {
        HelpshiftPortUser(
            localId: user.localId, userId: user.userId, email: user.email, name: user.name,
            isAnonymous: user.isAnonymous, isVerified: user.isAnonymous || verified)
    }

    /// The current user. With nobody logged in this is the device's anonymous user ("If a user
    /// identifier ... is not passed via the login API, then Helpshift assumes that the user is an
    /// anonymous user"); its profile is stored (and counted) only once it is used.
    public func currentUser() -> HelpshiftPortUser? {
        guard let currentIndex else {
            if pendingAnonymousLocalId == nil { pendingAnonymousLocalId = newLocalId() }
            return HelpshiftPortUser(
                localId: pendingAnonymousLocalId ?? "", userId: nil, email: nil, name: nil, isAnonymous: true, isVerified: true)
        }
        return describe(users[currentIndex], verified: !configuration.identityVerification || verified)
    }
}
