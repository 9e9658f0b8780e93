// STAND-IN ONLY (see Chat.swift): the test API of the stand-in. The vendor's ChatProvidersSDK has none of
// these declarations; `.ci/standins.py` skips this file.
internal import Foundation

extension Chat {
    /// Stand-in only (not in the vendor's SDK): what the fake holds and records, for tests.
    public struct StandIn {
        /// Stand-in only: the account key of the last `initialize`.
        public var accountKey = ""
        /// Stand-in only: every token `getToken` answered at a connect.
        public var tokensReceived: [String] = []
        /// Stand-in only: the visitor's id, new at every `resetIdentity(_:)`.
        public var visitorId = UUID().uuidString
        /// Stand-in only: the `external_id` the visitor is bound to, `nil` for an anonymous visitor.
        public var externalId: String?
        /// Stand-in only: whether the last connect authenticated with a JWT (`hasIdentity`).
        public var isAuthenticated = false
        /// Stand-in only: how many times `resetIdentity` was called.
        public var resetCalls = 0
        /// Stand-in only: how many times `clearCache()` was called.
        public var clearCacheCalls = 0
        /// Stand-in only: how many times the authenticator's `getToken` was asked.
        public var getTokenCalls = 0
        /// Stand-in only: the network `connect()` meets (`online` by default).
        public var network = Network.online
    }

    /// Stand-in only: what `connect()` meets, with the `ConnectionStatus` the SDK reports for it (the DocC of
    /// ChatProvidersSDK 5.0.5: `unreachable` "The internet connectivity appears to be offline", `failed` "Failed to
    /// reconnect to the web-socket").
    public enum Network: Sendable {
        /// The backend answers: `connecting`, then `getToken`, then `connected`.
        case online
        /// No connectivity: `connecting`, then `unreachable`; `getToken` is not asked.
        case offline
        /// The web socket fails: `connecting`, then `failed`; `getToken` is not asked.
        case socketFails
        /// The backend never answers: `connecting`, and nothing after it.
        case stalled
    }

    /// Stand-in only (not in the vendor's SDK): the fake's state.
    public var standIn: StandIn {
        get { state }
        set { state = newValue }
    }

    /// Stand-in only (not in the vendor's SDK): posts `Chat.NotificationAuthenticationFailed` with `error` under
    /// `NSUnderlyingErrorKey`, as the SDK does when the backend refuses the visitor mid-session, and marks the
    /// visitor unauthenticated.
    public func standInPostAuthenticationFailure(_ error: AuthenticationError) {
        postAuthenticationFailure(error)
    }
}
