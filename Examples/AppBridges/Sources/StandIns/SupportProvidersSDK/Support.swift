// STAND-IN for the vendor's module `SupportProvidersSDK` 9.0.0 (zendesk/support_providers_sdk_ios, tag 9.0.0),
// the Zendesk Support SDK's providers, which SupportSDK 9.1.0 re-exports: in an app, delete this target and add
// the vendor's package. Every public declaration is transcribed from the excerpts of the vendor's interface,
// `Interfaces/SupportProvidersSDK.swiftinterface` and the `// swift:` lines (the Swift view of the Objective-C
// headers) of `Interfaces/SupportProvidersSDK.h` (checked by `.ci/standins.py`); the Objective-C-only API is
// left out. Behaviour: an in-memory fake over ZendeskCoreSDK's stand-in; see `ZDKRequestProvider`.
public import Foundation
public import ZendeskCoreSDK

/// The Support SDK: `Support.initialize(withZendesk: Zendesk.instance)`, then `Support.instance`.
public class Support: NSObject {
    /// The initialized Support SDK (`nil` before `initialize`); the main thread's, as the vendor's.
    nonisolated(unsafe) static var current: Support?

    /// The core SDK Support was initialized with.
    let zendesk: Zendesk?

    init(zendesk: Zendesk?) {
        self.zendesk = zendesk
        super.init()
    }

    /// Initializes Support on the initialized core SDK; a second call keeps the instance.
    public class func initialize(withZendesk zendesk: Zendesk?) {
        if current == nil {
            current = Support(zendesk: zendesk)
        }
    }

    /// The initialized Support SDK, `nil` before `initialize(withZendesk:)`.
    public static var instance: Support? { current }
}
