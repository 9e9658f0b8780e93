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
/// `authentication_failed`, and is how a refusal during that request is recognised (the callback's `NSError` is
/// not documented: its code is no HTTP status). The identity type stays the account's (the type the provider
/// sets, as the admin center's Mobile SDK setting requires), at logout too. Copy this file into the app.
public final class SupportBridge: ZendeskSupportSDKPort {
    private let user = Mutex<ProviderUser?>(nil)
    private let unauthorized = Mutex<(@Sendable () -> Void)?>(nil)
    /// Whether the SDK posted its unauthorized notification since the identity was set.
    private let refused = Mutex(false)
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    /// A bridge over the initialized SDK (`Zendesk.initialize`, `Support.initialize`). It observes the
    /// SDK's unauthorized notification (posted on every HTTP 401) for its lifetime.
    public init() {
        let name = Notification.Name(DispatcherNotifications.UnauthorizedNotificationName)
        observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            self?.refused.withLock { $0 = true }
            self?.unauthorized.withLock { $0 }?()
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Sets the identity and authenticates it; Zendesk's refusal is thrown.
    public func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser {
        refused.withLock { $0 = false }
        let current = try await Self.set(identity, refused: refused)
        user.withLock { $0 = current }
        return current
    }

    /// Sets `identity`, authenticates it, and answers the user the SDK's identity (`Zendesk.instance?.identity`) is now.
    @MainActor private static func set(_ identity: ZendeskSupportIdentity, refused: borrowing Mutex<Bool>) async throws(IdentityError)
        -> ProviderUser
    {
        switch identity {
        case .anonymous(let name, let email): Zendesk.instance?.setIdentity(Identity.createAnonymous(name: name, email: email))
        case .jwt(let userToken): Zendesk.instance?.setIdentity(Identity.createJwt(token: userToken))
        }
        let refusal = await withCheckedContinuation { (done: CheckedContinuation<NSError?, Never>) in
            // An anonymous identity with no stored requests makes no network call (the vendor's header
            // says so): that check cannot catch an identity type the admin setting refuses.
            ZDKRequestProvider().getAllRequests { _, error in done.resume(returning: error.map { $0 as NSError }) }
        }
        if let refusal { throw error(refusal, refused: refused.withLock { $0 }) }
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

    /// The request's error, as far as the SDK documents it. The SDK posts its unauthorized notification on an
    /// HTTP 401 before it calls back (SupportProvidersSDK 9.0.0): that is a refusal of the identity. A
    /// Foundation URL error is the network. Nothing documents the domain or the code of any other error, so
    /// neither is read as an HTTP status: it is kept as the vendor code, and the error is `unknown_error` (an
    /// identity type that the account's Mobile SDK setting does not take ends here too).
    static func error(_ error: NSError, refused: Bool) -> IdentityError {
        if refused {
            return IdentityError(
                .tokenInvalid, vendorCode: "ZDKUnauthorized",
                message: "Zendesk answered HTTP 401: the JWT endpoint refused the user token (\(error.localizedDescription)).",
                recovery: "Log the user in again with a fresh user token; check the JWT endpoint's logs.")
        }
        if error.domain == NSURLErrorDomain {
            return IdentityError(
                .networkError, vendorCode: "\(error.domain).\(error.code)",
                message: "Zendesk could not be reached: \(error.localizedDescription)", recovery: "Retry when the network is back.")
        }
        return IdentityError(
            .unknown, vendorCode: "\(error.domain).\(error.code)",
            message: "Zendesk refused the identity: \(error.localizedDescription)",
            recovery: "Check that the identity type is the one of the Mobile SDK setting in the admin center (JWT or anonymous).")
    }

    /// The SDK has no call that clears an identity: a new one of the same type replaces it, since the type must
    /// stay the one of the account's Mobile SDK setting. Anonymous: a new anonymous identity. JWT: a JWT identity
    /// with an empty user token, which names no user (the JWT endpoint refuses it; the provider has stopped
    /// listening to the unauthorized notification by then).
    public func clearIdentity() async {
        await MainActor.run {
            guard let zendesk = Zendesk.instance, let current = zendesk.identity else { return }
            switch current.type {
            case .jwt: zendesk.setIdentity(Identity.createJwt(token: ""))
            case .anonymous: zendesk.setIdentity(Identity.createAnonymous())
            @unknown default: zendesk.setIdentity(Identity.createAnonymous())
            }
        }
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
