import Foundation
import Synchronization
public import ZendeskMessagingSession
@preconcurrency import ZendeskSDK
import ZendeskSDKConversationKit
import ZendeskSDKMessaging

/// The Zendesk Messaging SDK (ZendeskSDK 3.17 with ZendeskSDKMessaging 2.39.0) as
/// `ZendeskMessagingProvider`'s port: `loginUser(with:)`, `logoutUser()`, `getCurrentUser()`,
/// `invalidate(_:)`, the `authenticationFailed` event and `Zendesk.authenticationDelegate`, called as
/// Zendesk documents them. Copy this file into the app.
public final class MessagingBridge: ZendeskMessagingSDKPort {
    private let channelKey: String
    private let observers = Mutex<[@Sendable (ZendeskMessagingSDKEvent) -> Void]>([])
    private let delegate = RenewalDelegate()

    /// Observes the SDK's events and becomes its authentication delegate: create it once
    /// `Zendesk.initialize(withChannelKey:)` has succeeded with `channelKey` (a logout initializes again with it).
    @MainActor public init(channelKey: String) {
        self.channelKey = channelKey
        Zendesk.authenticationDelegate = delegate
        observe()
    }

    @MainActor private func observe() {
        Zendesk.instance?.addEventObserver(self) { [weak self] event in self?.forward(event) }
    }

    /// `Zendesk.instance?.loginUser(with:)`.
    public func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
        do {
            return Self.user(try await Self.login(jwt))
        } catch {
            throw Self.sdkError(error)
        }
    }

    @MainActor private static func login(_ jwt: String) async throws -> ZendeskUser {
        guard let zendesk = Zendesk.instance else { throw notInitialized }
        return try await zendesk.loginUser(with: jwt)
    }

    /// `Zendesk.instance?.logoutUser()`, then `Zendesk.invalidate(true)`: the SDK's stored data of the user
    /// is deleted, as the vendor documents it; the SDK is initialized again for the next login.
    public func logoutUser() async throws(ZendeskMessagingSDKError) {
        do {
            try await Self.logout(channelKey: channelKey)
        } catch {
            throw Self.sdkError(error)
        }
        await MainActor.run { observe() }
    }

    @MainActor private static func logout(channelKey: String) async throws {
        guard let zendesk = Zendesk.instance else { throw notInitialized }
        try await zendesk.logoutUser()
        Zendesk.invalidate(true)
        _ = try await Zendesk.initialize(withChannelKey: channelKey, messagingFactory: DefaultMessagingFactory())
    }

    /// `Zendesk.instance?.getCurrentUser()`.
    public func currentUser() async -> ZendeskMessagingUser? {
        await MainActor.run { Zendesk.instance?.getCurrentUser().map(Self.user(_:)) }
    }

    /// Adds an observer of the SDK's events (those `addEventObserver` reports).
    public func addEventObserver(_ observer: @escaping @Sendable (ZendeskMessagingSDKEvent) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// `Zendesk.authenticationDelegate`'s `onInvalidAuth(error:completion:)` is answered by `renewal`.
    public func setJWTRenewal(_ renewal: (@Sendable (ZendeskMessagingSDKError?) async -> String?)?) {
        delegate.renewal.withLock { $0 = renewal }
    }

    private func forward(_ event: ZendeskEvent) {
        let mapped: ZendeskMessagingSDKEvent
        switch event {
        case .authenticationFailed(let error):
            mapped = .authenticationFailed(Self.sdkError(error))
        case .unreadMessageCountChanged(let count):
            mapped = .unreadMessageCountChanged(count)
        case .сonversationUnreadCountChanged(_, _, let data):
            mapped = .unreadMessageCountChanged(data.totalUnreadMessagesCount)
        case .notificationOpened, .conversationAdded, .connectionStatusChanged, .sendMessageFailed, .conversationOpened,
            .conversationStarted, .messagesShown, .conversationWithAgentRequested, .proactiveMessageDisplayed,
            .newConversationButtonClicked, .proactiveMessageClicked, .notificationDisplayed, .postbackButtonClicked,
            .conversationAgentAssigned, .conversationServedByAgent, .messagingOpened, .messagingClosed,
            .conversationExtensionDisplayed, .conversationExtensionOpened, .articleClicked, .articleBrowserClicked,
            .metadataSuccess, .metadataFailure:
            // Not about the user's identity.
            return
        @unknown default:
            return
        }
        for observer in observers.withLock({ $0 }) { observer(mapped) }
    }

    // The conversation screen is the SDK's UI: it has no public call that lists, starts or sends, so
    // only the simulator serves these port requirements.
    public func conversations() async throws(ZendeskMessagingSDKError) -> [ZendeskMessagingConversation] { throw Self.noAPI }
    public func startConversation() async throws(ZendeskMessagingSDKError) -> ZendeskMessagingConversation { throw Self.noAPI }
    public func sendMessage(_ text: String, conversationId: String?) async throws(ZendeskMessagingSDKError)
        -> ZendeskMessagingMessageReceipt
    { throw Self.noAPI }

    private static func user(_ user: ZendeskUser) -> ZendeskMessagingUser {
        let authenticated: Bool
        switch user.authenticationType {
        case .jwt: authenticated = true
        case .sessionToken, .unauthenticated: authenticated = false
        @unknown default: authenticated = false
        }
        return ZendeskMessagingUser(
            id: user.id, externalId: user.externalId.isEmpty ? nil : user.externalId, isAuthenticated: authenticated)
    }

    /// The SDK's error as the port's: `ConversationKitError`'s cases by type, never by message.
    static func sdkError(_ error: any Error) -> ZendeskMessagingSDKError {
        if let error = error as? ZendeskMessagingSDKError { return error }
        if let kit = error as? ConversationKitError {
            switch kit {
            case .expiredJWT:
                return ZendeskMessagingSDKError(
                    code: ZendeskMessagingVendorCode.expiredJWT, message: ZendeskMessagingVendorCode.expiredJWTMessage, httpStatus: 401)
            case .failedToDecodeJWT:
                return ZendeskMessagingSDKError(code: "failedToDecodeJWT", message: kit.localizedDescription, httpStatus: 401)
            case .httpError(let description, _):
                return ZendeskMessagingSDKError(code: ZendeskMessagingVendorCode.unauthorized, message: description, httpStatus: 401)
            case .userExists:
                return ZendeskMessagingSDKError(code: "userExists", message: kit.localizedDescription)
            case .mappingError, .incorrectAccessLevelForAction:
                return ZendeskMessagingSDKError(code: "\(kit)", message: kit.localizedDescription)
            @unknown default:
                return ZendeskMessagingSDKError(code: "\(kit)", message: kit.localizedDescription)
            }
        }
        let error = error as NSError
        if error.domain == NSURLErrorDomain {
            return ZendeskMessagingSDKError(code: ZendeskMessagingVendorCode.networkError, message: error.localizedDescription)
        }
        return ZendeskMessagingSDKError(code: "\(error.domain).\(error.code)", message: error.localizedDescription)
    }

    private static let notInitialized = ZendeskMessagingSDKError(code: "notInitialized", message: "Zendesk.initialize has not succeeded.")
    private static let noAPI = ZendeskMessagingSDKError(
        code: "unsupportedOperation", message: "The Messaging SDK has no public call for this.")
}

/// `Zendesk.authenticationDelegate` (the SDK holds it weakly; the bridge keeps it): the SDK's request for
/// a fresh JWT, answered by the provider's renewal (its credential source).
private final class RenewalDelegate: AuthenticationDelegate, Sendable {
    let renewal = Mutex<(@Sendable (ZendeskMessagingSDKError?) async -> String?)?>(nil)

    func onInvalidAuth(error: (any Error)?, completion: @escaping (String) -> Void) {
        nonisolated(unsafe) let completion = completion
        guard let renewal = renewal.withLock({ $0 }) else { return }
        let refused = error.map(MessagingBridge.sdkError(_:))
        Task {
            // No JWT (the source failed): the SDK is not answered and stays unauthenticated.
            guard let jwt = await renewal(refused) else { return }
            await MainActor.run { completion(jwt) }
        }
    }
}
