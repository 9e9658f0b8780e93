// SupportProvidersSDK stand-in (see Support.swift): `ZDKRequestProvider` and `ZDKRequestListCallback`,
// transcribed from the `// swift:` lines of Interfaces/SupportProvidersSDK.h.
import Foundation
import ZendeskCoreSDK

public typealias ZDKRequestListCallback = (ZDKRequestsWithCommentingAgents?, (any Error)?) -> Void

/// Requests (tickets) on behalf of the identity's user.
open class ZDKRequestProvider: ZDKProvider {
    /// All requests the user has opened. As the vendor's header says, an anonymous identity with no stored
    /// request ids skips the network call and gets an empty list, whatever the account's setting; otherwise the
    /// "network" path authenticates the identity first. The stand-in calls `callback` synchronously.
    ///
    /// - No identity: error `ZendeskCoreSDK` 1.
    /// - No network (`standIn.offline`): error `NSURLErrorDomain` `NSURLErrorNotConnectedToInternet`.
    /// - The identity's type is not the one the account takes (`standIn.jwtAuthentication`): error 403.
    /// - A JWT identity whose token is empty or in `standIn.refusedTokens`: the unauthorized notification
    ///   (`DispatcherNotifications.UnauthorizedNotificationName`), then error 401.
    /// - Otherwise: a `ZDKRequest` for each of `standIn.storedRequestIds`.
    open func getAllRequests(callback: ZDKRequestListCallback!) {
        guard let zendesk = Zendesk.instance, let identity = zendesk.identity else {
            let message = "No identity set"
            callback?(nil, NSError(domain: "ZendeskCoreSDK", code: 1, userInfo: [NSLocalizedDescriptionKey: message]))
            return
        }
        let state = zendesk.standIn
        if identity.type == .anonymous && state.storedRequestIds.isEmpty {
            callback?(ZDKRequestsWithCommentingAgents(requests: [], andCommentingAgents: []), nil)
            return
        }
        if state.offline {
            let message = "The Internet connection appears to be offline."
            callback?(
                nil,
                NSError(domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet, userInfo: [NSLocalizedDescriptionKey: message]))
            return
        }
        if (identity.type == .jwt) != state.jwtAuthentication {
            let message = "The identity type does not match the account's authentication setting"
            callback?(nil, NSError(domain: "ZendeskCoreSDK", code: 403, userInfo: [NSLocalizedDescriptionKey: message]))
            return
        }
        if case .jwt(let jwt) = identity, jwt.token.isEmpty || state.refusedTokens.contains(jwt.token) {
            NotificationCenter.default.post(
                name: Notification.Name(DispatcherNotifications.UnauthorizedNotificationName), object: nil)
            callback?(nil, NSError(domain: "ZendeskCoreSDK", code: 401, userInfo: [NSLocalizedDescriptionKey: "Unauthorized"]))
            return
        }
        let requests = state.storedRequestIds.map { ZDKRequest(requestId: $0) }
        callback?(ZDKRequestsWithCommentingAgents(requests: requests, andCommentingAgents: []), nil)
    }
}
