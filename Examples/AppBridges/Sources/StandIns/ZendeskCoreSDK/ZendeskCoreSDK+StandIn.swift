// ZendeskCoreSDK stand-in (see Zendesk.swift): the stand-in-only API, for tests. None of it is in the vendor's
// SDK; `.ci/standins.py` skips this file.
import Foundation

extension Zendesk {
    /// Stand-in only (no such type in the vendor's SDK): what the stand-in holds and records, for tests.
    public struct StandIn {
        /// Stand-in only: every identity set with `setIdentity(_:)`, in order; the last one is current.
        public var identities: [Identity] = []
        /// Stand-in only: the account's admin setting, whether Zendesk takes JWT identities (`true`, the default)
        /// or anonymous ones. A request made with the other kind fails; what the real SDK answers then is not
        /// documented: the stand-in's error is domain `ZendeskCoreSDK`, code 403 (the stand-in's choice).
        public var jwtAuthentication = true
        /// Stand-in only: user tokens the account's JWT endpoint refuses; a request made with one gets an HTTP 401
        /// (the unauthorized notification, then an error). An empty user token is always refused.
        public var refusedTokens: Set<String> = []
        /// Stand-in only: no network. A request that would reach Zendesk fails with `NSURLErrorDomain`'s
        /// `NSURLErrorNotConnectedToInternet` (the stand-in's choice: the SDK does not document its errors).
        public var offline = false
        /// Stand-in only: the request ids the SDK has stored on the device. An anonymous identity's
        /// `getAllRequests` makes no network call while this is empty.
        public var storedRequestIds: [String] = []
    }

    /// Stand-in only (no such property in the vendor's SDK): the stand-in's state, for tests.
    public var standIn: StandIn {
        get { standInState }
        set { standInState = newValue }
    }

    /// Stand-in only (no such method in the vendor's SDK): posts the unauthorized notification, as the SDK does
    /// when any request gets an HTTP 401: `Notification.Name("ZDKUnauthorized")` (SupportProvidersSDK's
    /// `DispatcherNotifications.UnauthorizedNotificationName`) on `NotificationCenter.default`, `object` nil,
    /// no userInfo.
    public func standInRespondUnauthorized() {
        NotificationCenter.default.post(name: Notification.Name(standInUnauthorizedNotificationName), object: nil)
    }
}

extension Identity {
    /// Stand-in only (no such property in the vendor's SDK): the JWT identity's user token, `nil` for an
    /// anonymous identity.
    public var standInToken: String? {
        if case .jwt(let jwt) = self { return jwt.token }
        return nil
    }
}

/// The value of SupportProvidersSDK's `DispatcherNotifications.UnauthorizedNotificationName`, which this module
/// cannot import (SupportProvidersSDK depends on it).
let standInUnauthorizedNotificationName = "ZDKUnauthorized"
