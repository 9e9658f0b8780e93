// STAND-IN for the Zendesk Support SDK's core, module `ZendeskCoreSDK`: replaced by the vendor's package in an
// app. The calls and their signatures are the ones `zendesk-support-and-chat-identity.txt` documents
// (`Identity.createAnonymous(name:email:)`, `Identity.createJwt(token:)`, `Zendesk.instance?.setIdentity(_:)`);
// `Zendesk.initialize(appId:clientId:zendeskUrl:)` follows the vendor's public iOS SDK (not in the spec files).
// In-memory behaviour: the identity is kept; `SupportSDK`'s providers authenticate with it.
//
// The real SDK is to be called on the main thread; the stand-in says so with `@MainActor`.
import Foundation

/// An identity for the Support SDK: anonymous, or JWT with the app's user token.
public final class Identity: Sendable {
    /// The anonymous identity's name and email, `nil` for a JWT identity.
    public let name: String?
    public let email: String?
    /// The JWT identity's user token, `nil` for an anonymous identity.
    public let token: String?

    init(name: String?, email: String?, token: String?) {
        self.name = name
        self.email = email
        self.token = token
    }

    /// An anonymous identity; both optional.
    public static func createAnonymous(name: String? = nil, email: String? = nil) -> Identity {
        Identity(name: name, email: email, token: nil)
    }

    /// A JWT identity: Zendesk exchanges `token` at the customer's JWT endpoint.
    public static func createJwt(token: String) -> Identity { Identity(name: nil, email: nil, token: token) }
}

/// The SDK's entry point.
@MainActor
public final class Zendesk {
    /// The initialized SDK, `nil` before `initialize`.
    public private(set) static var instance: Zendesk?

    /// Initializes the SDK with the values of the admin center's Mobile SDK page.
    public static func initialize(appId: String, clientId: String, zendeskUrl: String) {
        instance = instance ?? Zendesk()
    }

    /// Sets the identity the SDK's requests authenticate with.
    public func setIdentity(_ identity: Identity) {
        standIn.identities.append(identity)
    }

    // MARK: Stand-in only (no such API in the real SDK)

    /// What the stand-in holds and records, for tests.
    public struct StandIn {
        /// Every identity set, in order; the last one is current.
        public var identities: [Identity] = []
        /// The admin setting: whether Zendesk takes JWT identities (else anonymous ones).
        public var jwtAuthentication = true
        /// User tokens the customer's JWT endpoint answers 401 for.
        public var refusedTokens: Set<String> = []
    }

    /// The stand-in's state.
    public var standIn = StandIn()
}
