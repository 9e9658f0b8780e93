// Stand-in only: the HelpshiftX stand-in's API for tests, which the vendor's SDK does not have (`.ci/standins.py`
// skips this file). An app never calls it.

extension Helpshift {
    /// Stand-in only: what the fake holds and records, for tests.
    public struct StandIn {
        /// Stand-in only: whether `install(withPlatformId:domain:config:)` was called with a non-empty platform id and domain.
        public var installed = false
        /// Stand-in only: every dictionary `loginUser(_:)` was called with, valid or not.
        public var logins: [[String: String]] = []
        /// Stand-in only: every identities JWT `login(withIdentity:config:success:failure:)` was called with.
        public var identityLogins: [String] = []
        /// Stand-in only: how many times `logout()` was called.
        public var logoutCalls = 0
        /// Stand-in only: the logged-in user's id or email, `nil` for the anonymous user.
        public var loggedInUser: String?
        /// Stand-in only: the dashboard's identity verification (for `loginUser(_:)`'s `userAuthToken`).
        public var identityVerification = false
        /// Stand-in only: the `userAuthToken`s identity verification accepts.
        public var validAuthTokens: Set<String> = []
        /// Stand-in only: the last `clearAnonymousUser(onLogin:)` flag, `nil` before any call.
        public var clearAnonymousUserOnLogin: Bool?
        /// Stand-in only: every identities JWT `addUserIdentities(_:)` was called with.
        public var addedIdentities: [String] = []
        /// Stand-in only: every dictionary `updateAppAttributes(_:)` was called with.
        public var appAttributes: [[String: Any]] = []
        /// Stand-in only: every dictionary `updateMasterAttributes(_:)` was called with.
        public var masterAttributes: [[String: Any]] = []
        /// Stand-in only: the next `updateAppAttributes(_:)` / `updateMasterAttributes(_:)` fails to sync with the
        /// backend: the delegate gets `HelpshiftEventUpdateAppAttributesSyncFailed` /
        /// `HelpshiftEventUpdateMasterAttributesSyncFailed` with each key mapped to `HelpshiftInvalidData`.
        public var failNextAttributesSync = false
        /// Stand-in only: the Identity System user's session has expired: at every `standInEnterForeground()` the
        /// delegate gets `HelpshiftEventUserSessionExpired`, until a successful `login(withIdentity:...)`.
        public var sessionExpired = false
    }

    /// Stand-in only: the fake's state (read and written under its lock).
    public var standIn: StandIn {
        get { record { $0 } }
        set { record { $0 = newValue } }
    }

    /// Stand-in only: sends an event to the delegate's `handleHelpshiftEvent(_:withData:)`, as the SDK does (e.g.
    /// `HelpshiftEventUserSessionExpired` with `nil` data).
    public func standInSendEvent(_ name: String, data: [AnyHashable: Any]?) {
        delegate?.handleHelpshiftEvent(name, withData: data)
    }

    /// Stand-in only: the user's Identity System session expires now: the SDK sends `HelpshiftEventUserSessionExpired`
    /// (helpshift-events.txt: "Once the session expires, SDK will keep sending this event to your app on each
    /// foreground"), and again at every `standInEnterForeground()` until a fresh `login(withIdentity:...)`.
    public func standInExpireSession() {
        record { $0.sessionExpired = true }
        standInSendEvent(HelpshiftEventUserSessionExpired, data: nil)
    }

    /// Stand-in only: the app comes to the foreground (the SDK watches the app's lifecycle itself).
    public func standInEnterForeground() {
        guard standIn.sessionExpired else { return }
        standInSendEvent(HelpshiftEventUserSessionExpired, data: nil)
    }
}
