import Foundation
public import HelpshiftSession
import HelpshiftX
public import IdentityBridgeModel
import Synchronization

/// Helpshift SDK X (HelpshiftX 10.4.1) as `HelpshiftProvider`'s port: `Helpshift.loginUser(_:)`,
/// `login(withIdentity:config:success:failure:)`, `logout()`, `clearAnonymousUser(onLogin:)` and the
/// `HelpshiftDelegate` calls and events (`HelpshiftEventUserSessionExpired`, `HelpshiftEventRefreshUserCredentials`,
/// `HelpshiftEventUserIdentityNotEnabled`, `HelpshiftEventAddUserIdentitiesSyncFailed`, ...), called as the
/// SDK's headers declare them. Copy this file into the app.
public final class HelpshiftBridge: HelpshiftSDKPort {
    /// The provider's delegate and the current user; also the SDK's delegate (which the SDK holds weakly).
    private let state = State()

    /// Becomes the SDK's delegate: create it right after `Helpshift.install(withPlatformId:domain:config:)`.
    @MainActor public init() { Helpshift.sharedInstance().delegate = state }

    public func setDelegate(_ delegate: HelpshiftSession.HelpshiftDelegate?) { state.delegate.withLock { $0 = delegate } }

    /// `Helpshift.loginUser(userDetails)`: an invalid userId / userEmail leaves the anonymous user.
    public func login(_ userData: [String: String]) async -> Bool {
        let user = HelpshiftPortUser(
            localId: userData["userId"] ?? userData["userEmail"] ?? "", userId: userData["userId"], email: userData["userEmail"],
            name: userData["userName"], isAnonymous: false, isVerified: true)
        state.user.withLock { $0 = user }  // before the call: a verification failure during it marks this user
        let valid = await MainActor.run { Helpshift.loginUser(userData) }
        if !valid { state.user.withLock { $0 = Self.anonymous() } }
        return valid
    }

    /// `Helpshift.login(withIdentity:config:success:failure:)`; an empty JWT is the anonymous user.
    public func loginWithIdentity(_ jwt: String, config: [String: JSONValue]) async -> HelpshiftIdentityLoginResult {
        let result = await Self.identityLogin(jwt, config: config)
        guard case .success = result else { return result }
        let identities = (Self.claims(of: jwt)?["identities"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
            $0[$1["identifier"] as? String ?? ""] = $1["value"] as? String
        }
        let user = HelpshiftPortUser(
            localId: identities["uid"] ?? identities["email"] ?? "", userId: identities["uid"], email: identities["email"], name: nil,
            isAnonymous: jwt.isEmpty, isVerified: true)
        state.user.withLock { $0 = jwt.isEmpty ? Self.anonymous() : user }
        return result
    }

    @MainActor private static func identityLogin(_ jwt: String, config: [String: JSONValue]) async -> HelpshiftIdentityLoginResult {
        await withCheckedContinuation { done in
            Helpshift.login(withIdentity: jwt, config: config.mapValues(Self.foundation(_:))) {
                done.resume(returning: .success)
            } failure: { reason, errors in
                done.resume(returning: .failure(reason: reason, errors: errors ?? [:]))
            }
        }
    }

    /// `Helpshift.logout()`: the anonymous user is current again.
    public func logout() async {
        await MainActor.run { Helpshift.logout() }
        state.user.withLock { $0 = Self.anonymous() }
    }

    public func clearAnonymousUserOnLogin(_ shouldClear: Bool) async {
        await MainActor.run { Helpshift.clearAnonymousUser(onLogin: shouldClear) }
    }
    public func addUserIdentities(_ jwt: String) async { await MainActor.run { Helpshift.addUserIdentities(jwt) } }
    public func updateAppAttributes(_ attributes: [String: JSONValue]) async {
        await MainActor.run { Helpshift.updateAppAttributes(attributes.mapValues(Self.foundation(_:))) }
    }
    public func updateMasterAttributes(_ attributes: [String: JSONValue]) async {
        await MainActor.run { Helpshift.updateMasterAttributes(attributes.mapValues(Self.foundation(_:))) }
    }
    public func requestUnreadMessageCount(fromServer: Bool) async {
        await MainActor.run { Helpshift.requestUnreadMessageCount(fromServer) }
    }
    /// Nothing to call: HelpshiftX has no foreground call and watches the app's lifecycle itself.
    public func appDidEnterForeground() async {}

    /// Not bridged: the SDK files issues from its conversation screen only, and this answer cannot say so.
    public func sendMessage(_ text: String) async -> HelpshiftSendResult { .refused(.authTokenNotProvided) }

    /// The user of the last login or logout: the SDK has no call that reads its current user.
    public func currentUser() async -> HelpshiftPortUser? { state.user.withLock { $0 } }

    /// The SDK's delegate: passes its calls to the provider's.
    private final class State: NSObject, HelpshiftX.HelpshiftDelegate, Sendable {
        let delegate = Mutex<HelpshiftSession.HelpshiftDelegate?>(nil)
        let user = Mutex(HelpshiftBridge.anonymous())

        func handleHelpshiftEvent(_ eventName: String, withData data: [AnyHashable: Any]?) {
            let fields = (data ?? [:]).reduce(into: [String: JSONValue]()) {
                $0[String(describing: $1.key)] = HelpshiftBridge.json($1.value)
            }
            delegate.withLock { $0 }?(.event(name: eventName, data: .object(fields)))
        }

        func authenticationFailedForUser(with reason: HelpshiftX.HelpshiftAuthenticationFailureReason) {
            user.withLock { $0.isVerified = false }
            let mapped: HelpshiftSession.HelpshiftAuthenticationFailureReason
            switch reason {
            case .authTokenNotProvided: mapped = .authTokenNotProvided
            case .invalidAuthToken: mapped = .invalidAuthToken
            @unknown default: mapped = .invalidAuthToken
            }
            delegate.withLock { $0 }?(.authenticationFailed(mapped))
        }
    }

    // MARK: Values

    private static func anonymous() -> HelpshiftPortUser {
        HelpshiftPortUser(
            localId: "anonymous-\(UUID().uuidString)", userId: nil, email: nil, name: nil, isAnonymous: true, isVerified: true)
    }

    fileprivate static func json(_ value: Any) -> JSONValue {
        switch value {
        case let value as Bool: .bool(value)
        case let value as Int: .int(Int64(value))
        case let value as Double: .double(value)
        case let value as String: .string(value)
        case let value as [Any]: .array(value.map(json(_:)))
        case let value as [AnyHashable: Any]: .object(value.reduce(into: [:]) { $0[String(describing: $1.key)] = json($1.value) })
        default: .null
        }
    }

    private static func foundation(_ value: JSONValue) -> any Sendable {
        switch value {
        case .null: NSNull()
        case .bool(let value): value
        case .int(let value): Int(value)
        case .double(let value): value
        case .string(let value): value
        case .array(let values): values.map(foundation(_:))
        case .object(let fields): fields.mapValues(foundation(_:))
        }
    }

    private static func claims(of jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
