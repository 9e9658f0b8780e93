import Foundation
import Synchronization
public import ZendeskMessagingSession
import ZendeskSDK

/// The Zendesk Messaging SDK as `ZendeskMessagingProvider`'s port: `loginUser(with:)`, `logoutUser` and the
/// `authenticationFailed` event, called as Zendesk documents them. Copy this file into the app.
public final class MessagingBridge: ZendeskMessagingSDKPort {
    private let user = Mutex<ZendeskMessagingUser?>(nil)
    private let observers = Mutex<[@Sendable (ZendeskMessagingSDKEvent) -> Void]>([])

    /// Observes the SDK's events: create it once `Zendesk.initialize` has succeeded.
    @MainActor public init() {
        Zendesk.instance?.addEventObserver(self) { [weak self] event in self?.forward(event) }
    }

    /// `Zendesk.instance?.loginUser(with:)`.
    public func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
        let result = await Self.login(jwt)
        // A refused login leaves an unauthenticated user, whom the SDK does not describe.
        user.withLock { $0 = try? result.get() }
        return try result.get()
    }

    @MainActor private static func login(_ jwt: String) async -> Result<ZendeskMessagingUser, ZendeskMessagingSDKError> {
        await withCheckedContinuation { done in
            let called: Void? = Zendesk.instance?.loginUser(with: jwt) { result in
                done.resume(returning: result.map(Self.user(_:)).mapError(Self.sdkError(_:)))
            }
            if called == nil { done.resume(returning: .failure(notInitialized)) }
        }
    }

    /// `Zendesk.instance?.logoutUser`.
    public func logoutUser() async throws(ZendeskMessagingSDKError) {
        try await Self.logout().get()
        user.withLock { $0 = nil }
    }

    @MainActor private static func logout() async -> Result<Void, ZendeskMessagingSDKError> {
        await withCheckedContinuation { done in
            let called: Void? = Zendesk.instance?.logoutUser { result in done.resume(returning: result.mapError(Self.sdkError(_:))) }
            if called == nil { done.resume(returning: .failure(notInitialized)) }
        }
    }

    /// The user of the last `loginUser`: the SDK has no call that reads its current user.
    public func currentUser() async -> ZendeskMessagingUser? { user.withLock { $0 } }

    /// Adds an observer of the SDK's events (those `addEventObserver` reports).
    public func addEventObserver(_ observer: @escaping @Sendable (ZendeskMessagingSDKEvent) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    private func forward(_ event: ZendeskEvent) {
        let mapped: ZendeskMessagingSDKEvent
        switch event {
        case .authenticationFailed(let error):
            user.withLock { $0?.isAuthenticated = false }
            mapped = .authenticationFailed(Self.sdkError(error))
        case .unreadMessageCountChanged(let count):
            mapped = .unreadMessageCountChanged(count)
        }
        for observer in observers.withLock({ $0 }) { observer(mapped) }
    }

    // The conversation screen is the SDK's UI: it has no public call that lists, starts or sends.
    public func conversations() async throws(ZendeskMessagingSDKError) -> [ZendeskMessagingConversation] { throw Self.noAPI }
    public func startConversation() async throws(ZendeskMessagingSDKError) -> ZendeskMessagingConversation { throw Self.noAPI }
    public func sendMessage(_ text: String, conversationId: String?) async throws(ZendeskMessagingSDKError)
        -> ZendeskMessagingMessageReceipt
    { throw Self.noAPI }

    private static func user(_ user: ZendeskUser) -> ZendeskMessagingUser {
        ZendeskMessagingUser(
            id: user.id, externalId: user.externalId.isEmpty ? nil : user.externalId, isAuthenticated: user.authenticationType == .jwt)
    }

    /// The SDK's `NSError` as the port's error: "The JWT has expired" is `expiredJWT`, another 401 `unauthorized`.
    private static func sdkError(_ error: any Error) -> ZendeskMessagingSDKError {
        let error = error as NSError
        if error.localizedDescription.contains(ZendeskMessagingVendorCode.expiredJWTMessage) {
            return ZendeskMessagingSDKError(
                code: ZendeskMessagingVendorCode.expiredJWT, message: error.localizedDescription, httpStatus: 401)
        }
        if error.domain == NSURLErrorDomain {
            return ZendeskMessagingSDKError(code: ZendeskMessagingVendorCode.networkError, message: error.localizedDescription)
        }
        let status = error.code == 401 ? 401 : nil
        let code = status == nil ? "\(error.domain).\(error.code)" : ZendeskMessagingVendorCode.unauthorized
        return ZendeskMessagingSDKError(code: code, message: error.localizedDescription, httpStatus: status)
    }

    private static let notInitialized = ZendeskMessagingSDKError(code: "notInitialized", message: "Zendesk.initialize has not succeeded.")
    private static let noAPI = ZendeskMessagingSDKError(
        code: "unsupportedOperation", message: "The Messaging SDK has no public call for this.")
}
