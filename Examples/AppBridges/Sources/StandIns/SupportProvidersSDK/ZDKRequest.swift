// SupportProvidersSDK stand-in (see Support.swift): `ZDKRequest`, transcribed from the `// swift:` lines of
// Interfaces/SupportProvidersSDK.h.
public import Foundation

/// A request (ticket) of the user's, as the server returns it.
open class ZDKRequest: NSObject {
    /// The id of this request in Zendesk.
    open var requestId: String

    init(requestId: String) {
        self.requestId = requestId
        super.init()
    }
}
