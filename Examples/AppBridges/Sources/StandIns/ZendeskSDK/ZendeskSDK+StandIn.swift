// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift): the stand-in-only API, for tests. The vendor's SDK has
// none of it; `.ci/standins.py` skips this file.
import Foundation
public import ZendeskSDKConversationKit
import ZendeskSDKHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        /// Stand-in only: every JWT `authenticationDelegate` handed to `standInRejectSession`'s re-authentication
        /// (an empty string included).
        public var jwtsFromDelegate: [String] = []
        /// Stand-in only: `onInvalidAuth` calls whose completion has not been called yet (a delegate that never
        /// answers leaves the SDK's request waiting).
        public var unansweredDelegateRequests = 0
        /// Stand-in only: how many times a refused session found no `authenticationDelegate` (the SDK logs
        /// "Authentication Delegate not set. Cannot reauthenticate user" and sends `.authenticationFailed`).
        public var delegateNotSet = 0
        /// Stand-in only: no network. `loginUser` fails with `ConversationKitError.httpError` carrying
        /// `HTTPError.requestFailed(error:)` with `URLError(.notConnectedToInternet)`, and the user falls back to
        /// unauthenticated as after any failed login.
        public var offline = false
    }

    /// Stand-in only: how many times the SDK asks the delegate for a JWT it can use before it gives up ("…has
    /// reached maximum retries"). The real SDK's maximum is not visible in its interface or docs; 3 is the
    /// stand-in's.
    public static let standInDelegateMaxRetries = 3

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

    /// Stand-in only: what the real SDK does when its backend answers 401 to an operation (read from the strings of
    /// ZendeskSDKConversationKit 14.0.1's binary: see `Interfaces/NOTES-messaging.md`). With an
    /// `authenticationDelegate`, it calls `onInvalidAuth(error:completion:)` and logs in with the JWT the completion
    /// hands (recorded in `jwtsFromDelegate`, then `loginUser`'s path: `loginCalls` grows and the user changes); a
    /// JWT it cannot log in with (empty, undecodable, expired) is a failed fetch, asked again up to
    /// `standInDelegateMaxRetries` times, after which it sends `.authenticationFailed(error:)` to the observers.
    /// Without a delegate ("Authentication Delegate not set"), it sends `.authenticationFailed(error:)` at once.
    public func standInRejectSession(error: any Error = ConversationKitError.expiredJWT) {
        guard let delegate = Zendesk.authenticationDelegate else {
            standInState.delegateNotSet += 1
            standInSend(.authenticationFailed(error: error))
            return
        }
        askDelegate(delegate, error: error, attempt: 1)
    }

    private func askDelegate(_ delegate: any AuthenticationDelegate, error: any Error, attempt: Int) {
        standInState.unansweredDelegateRequests += 1
        delegate.onInvalidAuth(error: error) { [weak self] jwt in
            guard let self else { return }
            self.standInState.unansweredDelegateRequests -= 1
            self.standInState.jwtsFromDelegate.append(jwt)
            if case .success = self.login(jwt) { return }
            if attempt < Self.standInDelegateMaxRetries {
                self.askDelegate(delegate, error: error, attempt: attempt + 1)
            } else {
                self.standInSend(.authenticationFailed(error: error))
            }
        }
    }

    /// Stand-in only: `ConversationKitError.httpError` as the SDK reports a REST call that got `statusCode`
    /// (`HTTPError.unsuccessfulStatusCodeForRequest`), for `standIn.refuseNextLogin`.
    public static func standInHTTPError(statusCode: Int) -> ConversationKitError {
        let url = URL(string: "https://example.zendesk.com/sc/sdk/v2/apps")!
        let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil)!
        let httpError = HTTPError.unsuccessfulStatusCodeForRequest(statusCode: statusCode, data: nil, response: response)
        return .httpError(description: httpError.localizedDescription, httpError: httpError)
    }
}
