// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift): the stand-in-only API, for tests. The vendor's SDK has
// none of it; `.ci/standins.py` skips this file.
public import ZendeskSDKConversationKit

extension Zendesk {
    /// Stand-in only (no such type in the real SDK): what the fake holds and records. A new instance (after
    /// `invalidate` and `initialize`) starts afresh, except for `user`, which the storage keeps unless
    /// `invalidate(true)` cleared it.
    public struct StandIn {
        /// Stand-in only: every JWT `loginUser` was called with, those from `authenticationDelegate` included.
        public var loginCalls: [String] = []
        /// Stand-in only: how many times `logoutUser` was called.
        public var logoutCalls: Int = 0
        /// Stand-in only: the `clearStorage` flag of each `invalidate` of this instance.
        public var invalidations: [Bool] = []
        /// Stand-in only: the SDK's user (`getCurrentUser()`): authenticated after a login, unauthenticated after
        /// a refused one, `nil` after a logout.
        public var user: ZendeskUser?
        /// Stand-in only: an error the next `loginUser` fails with, whatever the JWT; cleared by that call.
        public var refuseNextLogin: (any Error)?
        /// Stand-in only: every JWT `authenticationDelegate` handed to `standInRejectSession`'s re-authentication.
        public var jwtsFromDelegate: [String] = []
    }

    /// Stand-in only: the fake's state.
    public var standIn: StandIn {
        get { standInState }
        set { standInState = newValue }
    }

    /// Stand-in only: sends `event` to every observer's handlers, as the SDK does when its backend reports it.
    public func standInSend(_ event: ZendeskEvent) {
        observers.removeAll { $0.object == nil }
        for observer in observers { observer.handler(event) }
    }

    /// Stand-in only: what the real SDK does when its backend answers 401 to an operation. With an
    /// `authenticationDelegate`, it calls `onInvalidAuth(error:completion:)` and logs in with the JWT the completion
    /// hands (recorded in `jwtsFromDelegate`, then `loginUser`'s path: `loginCalls` grows and the user changes);
    /// without one, it sends `.authenticationFailed(error:)` to the observers.
    public func standInRejectSession(error: any Error = ConversationKitError.expiredJWT) {
        guard let delegate = Zendesk.authenticationDelegate else {
            standInSend(.authenticationFailed(error: error))
            return
        }
        delegate.onInvalidAuth(error: error) { [weak self] jwt in
            guard let self else { return }
            self.standInState.jwtsFromDelegate.append(jwt)
            _ = self.login(jwt)
        }
    }
}
