public import IdentityBridgeModel

/// What the Helpshift SDK tells its delegate (`HelpshiftDelegate`).
public enum HelpshiftDelegateCall: Hashable, Sendable {
    /// `handleHelpshiftEvent(_:withData:)`: the event name (constant or raw value) and its data.
    case event(name: String, data: JSONValue)
    /// `authenticationFailedForUser(with:)`.
    case authenticationFailed(HelpshiftAuthenticationFailureReason)
}

/// The delegate the SDK calls, synchronously, while it handles a call or when something happens.
public typealias HelpshiftDelegate = @Sendable (HelpshiftDelegateCall) -> Void

/// The result of `loginWithIdentity` (the SDK's success / failure callbacks).
public enum HelpshiftIdentityLoginResult: Hashable, Sendable {
    /// The user is logged in.
    case success
    /// The login failed: the reason name (see ``HelpshiftLoginFailureReason``) and per-key errors.
    case failure(reason: String, errors: [String: String])
}

/// The result of filing a message.
public enum HelpshiftSendResult: Hashable, Sendable {
    /// The message was added to the conversation (`issueId`, `publishId`).
    case sent(issueId: String, publishId: String)
    /// An unverified logged-in user cannot file issues (identity verification on).
    case refused(HelpshiftAuthenticationFailureReason)
}

/// The user the SDK currently holds.
public struct HelpshiftPortUser: Hashable, Sendable {
    /// The SDK's local id for the user (stable while the user exists).
    public var localId: String
    /// The app's user id, if any.
    public var userId: String?
    /// The email, if any.
    public var email: String?
    /// The name, if any.
    public var name: String?
    /// Whether this is the anonymous user.
    public var isAnonymous: Bool
    /// Whether Helpshift verified the user (valid userAuthToken or identities JWT; always true when verification is off).
    public var isVerified: Bool

    /// Creates a user description.
    public init(localId: String, userId: String?, email: String?, name: String?, isAnonymous: Bool, isVerified: Bool) {
        self.localId = localId
        self.userId = userId
        self.email = email
        self.name = name
        self.isAnonymous = isAnonymous
        self.isVerified = isVerified
    }
}

/// The Helpshift SDK X surface the adapter drives, modelled on the SDK's public API.
///
/// The real SDK and ``HelpshiftProvider``'s tests' simulator both implement it; the adapter never
/// knows which. Events reach the adapter only through the delegate set with ``setDelegate(_:)``.
public protocol HelpshiftSDKPort: Sendable {
    /// `Helpshift.sharedInstance.delegate = ...` (replaces any earlier delegate).
    func setDelegate(_ delegate: HelpshiftDelegate?)
    /// `Helpshift.login(userData)`: whether the userId / userEmail were valid.
    func login(_ userData: [String: String]) async -> Bool
    /// `Helpshift.logout()`.
    func logout() async
    /// `Helpshift.clearAnonymousUserOnLogin(shouldClear)`.
    func clearAnonymousUserOnLogin(_ shouldClear: Bool) async
    /// `Helpshift.login(withIdentity:config:success:failure:)` (Identity System).
    func loginWithIdentity(_ jwt: String, config: [String: JSONValue]) async -> HelpshiftIdentityLoginResult
    /// `Helpshift.addUserIdentities(jwt)`; failures arrive as delegate events.
    func addUserIdentities(_ jwt: String) async
    /// `Helpshift.updateAppAttributes(attributes)`; failures arrive as delegate events.
    func updateAppAttributes(_ attributes: [String: JSONValue]) async
    /// `Helpshift.updateMasterAttributes(attributes)`; failures arrive as delegate events.
    func updateMasterAttributes(_ attributes: [String: JSONValue]) async
    /// `Helpshift.requestUnreadMessageCount(fromServer)`; the count arrives as a delegate event.
    func requestUnreadMessageCount(fromServer: Bool) async
    /// The app came to the foreground. Only the simulator serves it: HelpshiftX (10.4.1) has no
    /// foreground call and watches the app's lifecycle itself, so a bridge over the real SDK does nothing here.
    func appDidEnterForeground() async
    /// The user sends `text` in the conversation screen (files an issue when none is open).
    func sendMessage(_ text: String) async -> HelpshiftSendResult
    /// The user the SDK holds now, `nil` before any user exists.
    func currentUser() async -> HelpshiftPortUser?
}
