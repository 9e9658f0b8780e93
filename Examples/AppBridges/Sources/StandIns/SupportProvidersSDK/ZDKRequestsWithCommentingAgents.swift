// SupportProvidersSDK stand-in (see Support.swift): `ZDKRequestsWithCommentingAgents`, transcribed from the
// `// swift:` lines of Interfaces/SupportProvidersSDK.h.
public import Foundation

/// A list of requests and the agents who commented on them.
open class ZDKRequestsWithCommentingAgents: NSObject {
    open var requests: [ZDKRequest]!
    open var commentingAgents: [ZDKSupportUser]!

    public init!(requests: [ZDKRequest]!, andCommentingAgents commentingAgents: [ZDKSupportUser]!) {
        self.requests = requests
        self.commentingAgents = commentingAgents
        super.init()
    }
}
