// STAND-IN for HelpshiftX 10.4.1 (Helpshift SDK X for iOS; SPM product `HelpshiftX` of helpshift/HelpshiftX, an
// Objective-C binary framework): replaced by the vendor's package in an app. Every public declaration outside
// `HelpshiftX+StandIn.swift` is transcribed from `Interfaces/HelpshiftX.h` (each declaration's `// swift:` line, the
// Swift view of the vendor's headers; `.ci/standins.py` checks it), without `@objc` (Linux has no Objective-C
// runtime) and without what the bridges do not call (`proactiveAPIConfigCollectorDelegate`, the deprecated
// `clearAnonymousUserOnLogin()`, `sdkVersion()`). Like the vendor's framework, this module is Swift 5 language mode
// and has no concurrency annotations: nothing is main-actor isolated, nothing but the enum is Sendable, the
// callbacks are plain closures.
// The behaviour is an in-memory fake. `loginUser(_:)` accepts a userId / userEmail that is not blank and has no
// spaces at its ends (an email needs an "@"); with identity verification on, a login without a known
// `userAuthToken` is reported to the delegate. `login(withIdentity:...)` accepts a JWT whose payload has `iat` and a
// `uid` or `email` identity. The calls run synchronously on the caller's thread (delegate and callbacks too); a lock
// guards the recorded state.
public import Foundation

/// Key to be used for providing username in the `loginUser(_:)` method.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let HelpshiftUserName: String = "userName"
/// Key to be used for providing user identifier in the `loginUser(_:)` method.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let HelpshiftUserIdentifier: String = "userId"
/// Key to be used for providing user email in the `loginUser(_:)` method.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let HelpshiftUserEmail: String = "userEmail"
/// Key to be used for providing user's authentication token in the `loginUser(_:)` method.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let HelpshiftUserAuthToken: String = "userAuthToken"

/// Classes which provides access to all Helpshift APIs.
open class Helpshift: NSObject {
    private static let shared = Helpshift()

    /// Guards `recorded`.
    let lock = NSLock()
    /// What the fake holds and records; read and written through `standIn`.
    var recorded = StandIn()

    /// The delegate to be set to in order to receive events from Helpshift (held weakly).
    weak open var delegate: (any HelpshiftDelegate)?

    /// The one instance, which holds the delegate.
    open class func sharedInstance() -> Helpshift { shared }

    /// Installs the SDK with the platform id and domain of the Helpshift dashboard. The fake is installed when both are
    /// non-empty; it ignores `config`.
    open class func install(withPlatformId platformId: String, domain: String, config: [AnyHashable: Any]?) {
        shared.record { $0.installed = !platformId.isEmpty && !domain.isEmpty }
    }

    /// Logs a user in with `HelpshiftUserIdentifier` / `HelpshiftUserEmail` / `HelpshiftUserName` /
    /// `HelpshiftUserAuthToken`; returns whether the userId / userEmail passed validation (an invalid one leaves the
    /// anonymous user). With identity verification on, a missing or unknown auth token is reported to the delegate's
    /// `authenticationFailedForUser(with:)`, and the user stays logged in.
    @discardableResult
    open class func loginUser(_ userDetails: [String: String]) -> Bool {
        let userId = userDetails[HelpshiftUserIdentifier]
        let email = userDetails[HelpshiftUserEmail]
        func wellFormed(_ value: String) -> Bool { !value.isEmpty && value == value.trimmingCharacters(in: .whitespacesAndNewlines) }
        let valid =
            (userId != nil || email != nil) && (userId.map(wellFormed) ?? true)
            && (email.map { wellFormed($0) && $0.contains("@") } ?? true)
        let (accepted, verification, knownTokens) = shared.record { state -> (Bool, Bool, Set<String>) in
            state.logins.append(userDetails)
            let accepted = valid && state.installed
            state.loggedInUser = accepted ? userId ?? email : nil
            return (accepted, state.identityVerification, state.validAuthTokens)
        }
        guard accepted, verification else { return accepted }
        let token = userDetails[HelpshiftUserAuthToken].flatMap { $0.isEmpty ? nil : $0 }
        if let token {
            if !knownTokens.contains(token) { shared.delegate?.authenticationFailedForUser(with: .invalidAuthToken) }
        } else {
            shared.delegate?.authenticationFailedForUser(with: .authTokenNotProvided)
        }
        return true
    }

    /// Logs a user in with an identities JWT (the Identity System) and the login config. The fake calls `failureCallback`
    /// with `HelpshiftIdentityTokenInvalid` when the JWT's payload is unreadable, `HelpshiftIatIsMandatory` without
    /// `iat`, `HelpshiftUidOrEmailIsMandatory` without a `uid` or `email` identity; otherwise the identity's value is
    /// the logged-in user and it calls `successCallback`.
    open class func login(
        withIdentity identityJWT: String, config loginConfig: [String: Any],
        success successCallback: @escaping HelpshiftLoginSuccessCallback, failure failureCallback: @escaping HelpshiftLoginFailureCallback
    ) {
        shared.record { $0.identityLogins.append(identityJWT) }
        guard let claims = payload(of: identityJWT) else {
            failureCallback(HelpshiftIdentityTokenInvalid, nil)
            return
        }
        guard claims["iat"] != nil else {
            failureCallback(HelpshiftIatIsMandatory, nil)
            return
        }
        let identities = claims["identities"] as? [[String: Any]] ?? []
        let identity = identities.first { ["uid", "email"].contains($0["identifier"] as? String) }
        guard let user = identity?["value"] as? String else {
            failureCallback(HelpshiftUidOrEmailIsMandatory, nil)
            return
        }
        shared.record {
            $0.loggedInUser = user
            $0.sessionExpired = false
        }
        successCallback()
    }

    /// Adds identities (a JWT) to the logged-in user; failures arrive as delegate events. The fake records the JWT.
    open class func addUserIdentities(_ identitiesJWT: String) {
        shared.record { $0.addedIdentities.append(identitiesJWT) }
    }

    /// Updates the master attributes; failures arrive as delegate events. The fake records them (and reports a
    /// sync failure when the stand-in is told to).
    open class func updateMasterAttributes(_ attributes: [String: Any] = [:]) {
        shared.record { $0.masterAttributes.append(attributes) }
        syncAttributes(attributes, failure: HelpshiftEventUpdateMasterAttributesSyncFailed)
    }

    /// Updates the app attributes; failures arrive as delegate events. The fake records them (and reports a sync
    /// failure when the stand-in is told to).
    open class func updateAppAttributes(_ attributes: [String: Any] = [:]) {
        shared.record { $0.appAttributes.append(attributes) }
        syncAttributes(attributes, failure: HelpshiftEventUpdateAppAttributesSyncFailed)
    }

    /// The fake's sync: `failure` (the constant's value, as the SDK sends it) with each key mapped to
    /// `HelpshiftInvalidData` when `failNextAttributesSync` is set.
    private static func syncAttributes(_ attributes: [String: Any], failure: String) {
        let fails = shared.record { state -> Bool in
            defer { state.failNextAttributesSync = false }
            return state.failNextAttributesSync
        }
        guard fails else { return }
        shared.delegate?.handleHelpshiftEvent(failure, withData: attributes.mapValues { _ in HelpshiftInvalidData })
    }

    /// Logs the user out; the anonymous user is current again.
    open class func logout() {
        shared.record {
            $0.logoutCalls += 1
            $0.loggedInUser = nil
        }
    }

    /// Whether anonymous users are cleared whenever a user logs in. The fake records the flag.
    open class func clearAnonymousUser(onLogin shouldClear: Bool) {
        shared.record { $0.clearAnonymousUserOnLogin = shouldClear }
    }

    /// Asks for the unread message count; it arrives as the `HelpshiftEventNameReceivedUnreadMessageCount` event with
    /// `HelpshiftEventDataUnreadMessageCount` and `HelpshiftEventDataUnreadMessageCountIsFromCache`. The fake's count
    /// is 0, from the cache unless `shouldFetchFromServer`.
    open class func requestUnreadMessageCount(_ shouldFetchFromServer: Bool) {
        shared.delegate?.handleHelpshiftEvent(
            HelpshiftEventNameReceivedUnreadMessageCount,
            withData: [HelpshiftEventDataUnreadMessageCount: 0, HelpshiftEventDataUnreadMessageCountIsFromCache: !shouldFetchFromServer])
    }

    // MARK: Fake

    /// Runs `body` on the recorded state under the lock.
    func record<Result>(_ body: (inout StandIn) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&recorded)
    }

    /// The payload of a compact JWT, `nil` when it is not one or its payload is not a JSON object.
    private static func payload(of jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
