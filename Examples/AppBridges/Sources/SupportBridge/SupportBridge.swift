import Foundation
public import IdentityBridgeModel
import SupportProvidersSDK
import Synchronization
import ZendeskCoreSDK
public import ZendeskSupportSession

/// The Zendesk Support SDK (ZendeskCoreSDK 5.0.5, SupportProvidersSDK 9.0.0) as `ZendeskSupportProvider`'s
/// port: `Identity.createAnonymous(name:email:)` or `Identity.createJwt(token:)` set with
/// `Zendesk.instance?.setIdentity(_:)` and read back from `Zendesk.instance?.identity`, then one request
/// (`ZDKRequestProvider().getAllRequests`) so that Zendesk authenticates a JWT identity now, not at the
/// user's first ticket; `DispatcherNotifications.UnauthorizedNotificationName` becomes the provider's
/// `authentication_failed`. Copy this file into the app.
public final class SupportBridge: ZendeskSupportSDKPort {
    private let user = Mutex<ProviderUser?>(nil)
    private let unauthorized = Mutex<(@Sendable () -> Void)?>(nil)
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    /// A bridge over the initialized SDK (`Zendesk.initialize`, `Support.initialize`). It observes the
    /// SDK's unauthorized notification (posted on every HTTP 401) for its lifetime.
    public init() {
        let name = Notification.Name(DispatcherNotifications.UnauthorizedNotificationName)
        observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            self?.unauthorized.withLock { $0 }?()
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Sets the identity and authenticates it; Zendesk's refusal is thrown.
    public func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser {
        let current = try await Self.set(identity)
        user.withLock { $0 = current }
        return current
    }

    /// Sets `identity`, authenticates it, and answers the user the SDK's identity (`Zendesk.instance?.identity`) is now.
    @MainActor private static func set(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser {
        switch identity {
        case .anonymous(let name, let email): Zendesk.instance?.setIdentity(Identity.createAnonymous(name: name, email: email))
        case .jwt(let userToken): Zendesk.instance?.setIdentity(Identity.createJwt(token: userToken))
        }
        let refusal = await withCheckedContinuation { (done: CheckedContinuation<NSError?, Never>) in
            // An anonymous identity with no stored requests makes no network call (the vendor's header
            // says so): that check cannot catch an identity type the admin setting refuses.
            ZDKRequestProvider().getAllRequests { _, error in done.resume(returning: error.map { $0 as NSError }) }
        }
        if let refusal {
            let status = refusal.code
            throw IdentityError(
                status == 401 ? .tokenInvalid : status == 403 ? .configurationInvalid : .unknown, vendorCode: "\(refusal.domain).\(status)",
                message: "Zendesk refused the identity: \(refusal.localizedDescription)")
        }
        // The SDK reports no user: the session's user is the identity the SDK holds now, as Zendesk accepted it.
        guard let set = Zendesk.instance?.identity else {
            throw IdentityError(.unknown, message: "Zendesk.instance holds no identity after setIdentity: was Zendesk.initialize called?")
        }
        switch set {
        case .anonymous(let anonymous):
            return ProviderUser(
                vendorUserId: "anonymous", email: anonymous.email, name: anonymous.name, isAnonymous: true, isAuthenticated: false)
        case .jwt:
            return ProviderUser(vendorUserId: "jwt", isAnonymous: false, isAuthenticated: true)
        @unknown default:
            throw IdentityError(.unknown, message: "Zendesk.instance holds an identity of a type this bridge does not know.")
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

    /// `DispatcherNotifications.UnauthorizedNotificationName` goes to `handler`.
    public func observeUnauthorized(_ handler: (@Sendable () -> Void)?) { unauthorized.withLock { $0 = handler } }
}
