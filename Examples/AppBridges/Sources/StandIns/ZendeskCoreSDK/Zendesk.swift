// STAND-IN for the vendor's module `ZendeskCoreSDK` 5.0.5 (zendesk/core_sdk_ios, tag 5.0.5), the core of the
// Zendesk Support SDK: in an app, delete this target and add the vendor's package. Every public declaration
// outside `ZendeskCoreSDK+StandIn.swift` is transcribed from the excerpt of the vendor's interface,
// `Interfaces/ZendeskCoreSDK.swiftinterface` (checked by `.ci/standins.py`); the Objective-C-only API is left out.
// Behaviour: an in-memory fake. The SDK keeps the identity set last; SupportProvidersSDK's providers
// authenticate with it. Like the vendor's, these types are not `@MainActor` and not `Sendable`: call them on the
// main thread, as Zendesk documents.
public import Foundation

/// The SDK's entry point: `Zendesk.initialize(appId:clientId:zendeskUrl:)`, then `Zendesk.instance`.
public final class Zendesk: NSObject {
    /// The initialized SDK (`nil` before `initialize`); the main thread's, as the vendor's.
    nonisolated(unsafe) static var current: Zendesk?

    let appId: String
    let clientId: String
    let zendeskUrl: String
    private var currentIdentity: Identity?
    /// What the stand-in holds and records (`standIn`, in `ZendeskCoreSDK+StandIn.swift`).
    var standInState = StandIn()

    init(appId: String, clientId: String, zendeskUrl: String) {
        self.appId = appId
        self.clientId = clientId
        self.zendeskUrl = zendeskUrl
        super.init()
    }

    /// The identity set last, `nil` before `setIdentity(_:)`.
    public var identity: Identity? { currentIdentity }

    /// Initializes the SDK with the values of the admin center's Mobile SDK page; a second call keeps the instance.
    public class func initialize(appId: String, clientId: String, zendeskUrl: String) {
        if current == nil {
            current = Zendesk(appId: appId, clientId: clientId, zendeskUrl: zendeskUrl)
        }
    }

    /// Sets the identity the SDK's requests authenticate with; the stand-in records it in `standIn.identities`.
    public func setIdentity(_ newIdentity: Identity) {
        currentIdentity = newIdentity
        standInState.identities.append(newIdentity)
    }
}

extension Zendesk {
    /// The initialized SDK, `nil` before `initialize(appId:clientId:zendeskUrl:)`.
    public static var instance: Zendesk? { current }
}
