// STAND-IN for the Helpshift SDK X for iOS, module `HelpshiftX`: replaced by the vendor's package in an app.
// The calls and their signatures are the ones `helpshift-users.txt` and `helpshift-events.txt` document
// (`Helpshift.login(_:)` with the userData dictionary returning whether the identifiers were valid, `logout()`,
// `clearAnonymousUserOnLogin(_:)`, `Helpshift.sharedInstance().delegate` with `HelpshiftDelegate`'s
// `handleHelpshiftEvent(_:withData:)` and `authenticationFailedForUser(with:)`); `install(withPlatformId:domain:config:)`,
// `login(withIdentity:config:success:failure:)`, `addUserIdentities`, `update...Attributes`,
// `requestUnreadMessageCount` and `onAppForeground` follow the vendor's public iOS SDK (its User Hub and API
// pages; not in the spec files). In-memory behaviour: identifiers are valid when not blank and without
// spaces at the ends (an email needs an "@"); with identity verification on, a login without a known
// userAuthToken is reported to the delegate; an identities JWT needs `iat` and a uid or email identity.
//
// The real SDK is to be called on the main thread; the stand-in says so with `@MainActor`.
import Foundation

/// Why identity verification failed.
public enum HelpshiftAuthenticationFailureReason: Int, Sendable {
    case authTokenNotProvided = 0
    case invalidAuthToken = 1
}

/// The SDK's delegate: its events, and identity verification failures.
public protocol HelpshiftDelegate: AnyObject {
    /// An event and its data.
    func handleHelpshiftEvent(_ eventName: String, withData data: [AnyHashable: Any]?)
    /// Identity verification failed for the logged-in user.
    func authenticationFailedForUser(with reason: HelpshiftAuthenticationFailureReason)
}

/// Sent when the user's session expired (Identity System): log in again with a fresh JWT.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let HelpshiftEventNameUserSessionExpired = "userSessionExpired"
/// Sent when the user's session is about to expire (Identity System).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let HelpshiftEventNameRefreshUserCredentials = "refreshUserCredentials"

/// The SDK's entry point.
@MainActor
public final class Helpshift {
    private static let shared = Helpshift()
    /// The shared instance, which holds the delegate.
    public static func sharedInstance() -> Helpshift { shared }
    /// The delegate ("set the delegate immediately after calling the Helpshift install API").
    public weak var delegate: (any HelpshiftDelegate)?

    /// Installs the SDK with the platform id and domain of the Helpshift dashboard.
    public static func install(withPlatformId platformId: String, domain: String, config: [AnyHashable: Any]?) {
        shared.standIn.installed = !platformId.isEmpty && !domain.isEmpty
    }

    /// Logs in with `userId` / `userEmail` / `userName` / `userAuthToken`; whether the identifiers were valid.
    @discardableResult
    public static func login(_ userData: [AnyHashable: Any]) -> Bool {
        shared.standIn.logins.append(userData)
        let userId = userData["userId"] as? String
        let email = userData["userEmail"] as? String
        func valid(_ value: String?) -> Bool { value.map { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) } ?? false }
        guard shared.standIn.installed, valid(userId) || (valid(email) && email!.contains("@")) else {
            shared.standIn.loggedInUser = nil
            return false
        }
        shared.standIn.loggedInUser = userId ?? email
        if shared.standIn.identityVerification {
            let token = userData["userAuthToken"] as? String
            if token == nil {
                shared.delegate?.authenticationFailedForUser(with: .authTokenNotProvided)
            } else if !shared.standIn.validAuthTokens.contains(token!) {
                shared.delegate?.authenticationFailedForUser(with: .invalidAuthToken)
            }
        }
        return true
    }

    /// Logs in with an identities JWT (the Identity System) and the login config.
    public static func login(
        withIdentity identity: String, config: [String: Any], success: (() -> Void)?, failure: ((String, [String: String]) -> Void)?
    ) {
        shared.standIn.identityLogins.append(identity)
        let parts = identity.split(separator: ".", omittingEmptySubsequences: false)
        var base64 = parts.count == 3 ? parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") : ""
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let claims = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            failure?("IdentityTokenInvalid", [:])
            return
        }
        guard claims["iat"] != nil else {
            failure?("IatIsMandatory", [:])
            return
        }
        let identities = claims["identities"] as? [[String: Any]] ?? []
        let user = identities.first { ["uid", "email"].contains($0["identifier"] as? String) }?["value"] as? String
        guard let user else {
            failure?("UidOrEmailIsMandatory", [:])
            return
        }
        shared.standIn.loggedInUser = user
        success?()
    }

    /// Logs the user out; the anonymous user is current again.
    public static func logout() {
        shared.standIn.logoutCalls += 1
        shared.standIn.loggedInUser = nil
    }

    /// Whether anonymous users are cleared whenever a user logs in.
    public static func clearAnonymousUserOnLogin(_ shouldClear: Bool) {}
    /// Adds identities to the logged-in user; failures arrive as delegate events.
    public static func addUserIdentities(_ identitiesJwt: String) {}
    /// Updates the app attributes; failures arrive as delegate events.
    public static func updateAppAttributes(_ attributes: [AnyHashable: Any]) {}
    /// Updates the master attributes; failures arrive as delegate events.
    public static func updateMasterAttributes(_ attributes: [AnyHashable: Any]) {}

    /// Asks for the unread message count; it arrives as the `receivedUnreadMessageCount` event.
    public static func requestUnreadMessageCount(_ shouldFetchFromServer: Bool) {
        shared.delegate?.handleHelpshiftEvent("receivedUnreadMessageCount", withData: ["count": 0, "fromCache": !shouldFetchFromServer])
    }

    /// The app came to the foreground (with manual lifecycle tracking).
    public static func onAppForeground() {}

    // MARK: Stand-in only (no such API in the real SDK)

    /// What the stand-in holds and records, for tests.
    public struct StandIn {
        public var installed = false
        /// Every userData `login` was called with.
        public var logins: [[AnyHashable: Any]] = []
        /// Every identities JWT `login(withIdentity:)` was called with.
        public var identityLogins: [String] = []
        public var logoutCalls = 0
        /// The logged-in user's id or email, `nil` for the anonymous user.
        public var loggedInUser: String?
        /// The dashboard's identity verification.
        public var identityVerification = false
        /// The userAuthTokens identity verification accepts.
        public var validAuthTokens: Set<String> = []
    }

    /// The stand-in's state.
    public var standIn = StandIn()
}
