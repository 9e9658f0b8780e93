import Foundation
public import IdentityBridgeModel
import SupportSDK
import Synchronization
import ZendeskCoreSDK
public import ZendeskSupportSession

/// The Zendesk Support SDK as `ZendeskSupportProvider`'s port: `Identity.createAnonymous(name:email:)` or
/// `Identity.createJwt(token:)` set with `Zendesk.instance?.setIdentity(_:)`, called as Zendesk documents them,
/// then one request (`ZDKRequestProvider().getAllRequests`) so that Zendesk authenticates the identity now,
/// not at the user's first ticket. Copy this file into the app.
public final class SupportBridge: ZendeskSupportSDKPort {
    private let user = Mutex<ProviderUser?>(nil)

    /// A bridge over the initialized SDK (`Zendesk.initialize`, `Support.initialize`).
    public init() {}

    /// Sets the identity and authenticates it; Zendesk's refusal is thrown.
    public func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser {
        let refusal = await Self.set(identity)
        if let refusal {
            let status = refusal.code
            throw IdentityError(
                status == 401 ? .tokenInvalid : status == 403 ? .configurationInvalid : .unknown, vendorCode: "\(refusal.domain).\(status)",
                message: "Zendesk refused the identity: \(refusal.localizedDescription)")
        }
        // The SDK reports no user: the session's user is the identity that Zendesk accepted.
        let current =
            switch identity {
            case .anonymous(let name, let email):
                ProviderUser(vendorUserId: "anonymous", email: email, name: name, isAnonymous: true, isAuthenticated: false)
            case .jwt:
                ProviderUser(vendorUserId: "jwt", isAnonymous: false, isAuthenticated: true)
            }
        user.withLock { $0 = current }
        return current
    }

    @MainActor private static func set(_ identity: ZendeskSupportIdentity) async -> NSError? {
        switch identity {
        case .anonymous(let name, let email): Zendesk.instance?.setIdentity(Identity.createAnonymous(name: name, email: email))
        case .jwt(let userToken): Zendesk.instance?.setIdentity(Identity.createJwt(token: userToken))
        }
        return await withCheckedContinuation { done in
            ZDKRequestProvider().getAllRequests { _, error in done.resume(returning: error.map { $0 as NSError }) }
        }
    }

    /// The SDK has no call that clears an identity: a new anonymous identity replaces it.
    public func clearIdentity() async {
        await MainActor.run { Zendesk.instance?.setIdentity(Identity.createAnonymous()) }
        user.withLock { $0 = nil }
    }

    /// Not bridged: a request is created with `ZDKRequestProvider().createRequest` and the app's own form.
    public func sendMessage(_ text: String) async throws(IdentityError) -> Bool {
        throw IdentityError(.unsupportedOperation, message: "SupportBridge does not create requests; the request screen does.")
    }

    /// The identity set last and accepted: the SDK reports no user of its own.
    public func currentUser() async -> ProviderUser? { user.withLock { $0 } }
}
