// STAND-IN for the Zendesk Support SDK, module `SupportSDK` (with `ZDKRequestProvider`, module
// `SupportProvidersSDK` in the real SDK): replaced by the vendor's package in an app. `Support.initialize(withZendesk:)`
// and `ZDKRequestProvider().getAllRequests` follow the vendor's public iOS SDK ("API providers reference": it
// "also gets an access token if one hasn't been stored previously"); neither is in the spec files.
// In-memory behaviour: the request authenticates with the identity set last and answers the admin
// setting's and the JWT endpoint's refusals as errors.
import Foundation
public import ZendeskCoreSDK

/// The Support SDK.
@MainActor
public enum Support {
    /// Initializes Support on the initialized core SDK.
    public static func initialize(withZendesk zendesk: Zendesk?) {}
}

/// The user's requests (tickets).
public final class ZDKRequestsWithCommentingAgents: Sendable {
    /// The requests' ids.
    public let requestIds: [String]
    init(requestIds: [String]) { self.requestIds = requestIds }
}

/// Requests and their comments, on behalf of the identity's user.
@MainActor
public final class ZDKRequestProvider {
    /// Creates a provider.
    public init() {}

    /// All requests the user has opened; authenticates the identity first.
    public func getAllRequests(callback: @escaping (ZDKRequestsWithCommentingAgents?, (any Error)?) -> Void) {
        guard let zendesk = Zendesk.instance, let identity = zendesk.standIn.identities.last else {
            return callback(nil, NSError(domain: "ZendeskCoreSDK", code: 1, userInfo: [NSLocalizedDescriptionKey: "No identity set"]))
        }
        if (identity.token != nil) != zendesk.standIn.jwtAuthentication {
            let message = "The identity type does not match the SDK's authentication setting"
            return callback(nil, NSError(domain: "ZendeskCoreSDK", code: 403, userInfo: [NSLocalizedDescriptionKey: message]))
        }
        if let token = identity.token, zendesk.standIn.refusedTokens.contains(token) {
            return callback(nil, NSError(domain: "ZendeskCoreSDK", code: 401, userInfo: [NSLocalizedDescriptionKey: "Unauthorized"]))
        }
        callback(ZDKRequestsWithCommentingAgents(requestIds: []), nil)
    }
}
