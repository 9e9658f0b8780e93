import Foundation
import Synchronization
public import ZendeskMessagingSession
@preconcurrency import ZendeskSDK
import ZendeskSDKConversationKit
import ZendeskSDKHTTPClient
import ZendeskSDKMessaging

/// The Zendesk Messaging SDK (ZendeskSDK 3.17 with ZendeskSDKMessaging 2.39.0) as
/// `ZendeskMessagingProvider`'s port: `loginUser(with:)`, `logoutUser()`, `getCurrentUser()`,
/// `invalidate(_:)`, the `authenticationFailed` event and `Zendesk.authenticationDelegate` (set only while the
/// provider has a credential source to answer it), called as Zendesk documents them. Copy this file into the app.
public final class MessagingBridge: ZendeskMessagingSDKPort {
    private let channelKey: String
    private let observers = Mutex<[@Sendable (ZendeskMessagingSDKEvent) -> Void]>([])
    private let delegate = RenewalDelegate()

    /// Observes the SDK's events: create it once `Zendesk.initialize(withChannelKey:)` has succeeded with
    /// `channelKey` (a logout initializes again with it). It becomes the SDK's authentication delegate only while
    /// a renewal is set (`setJWTRenewal(_:)`); without one the SDK takes its own path ("Authentication Delegate not
    /// set"), and reports the refusal as the `authenticationFailed` event.
    @MainActor public init(channelKey: String) {
        self.channelKey = channelKey
        observe()
    }

    @MainActor private func observe() {
        Zendesk.instance?.addEventObserver(self) { [weak self] event in self?.forward(event) }
    }

    /// `Zendesk.instance?.loginUser(with:)`.
    public func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
        do {
            return Self.user(try await Self.login(jwt, delegate: delegate))
        } catch {
            throw Self.sdkError(error)
        }
    }

    @MainActor private static func login(_ jwt: String, delegate: RenewalDelegate) async throws -> ZendeskUser {
        guard let zendesk = Zendesk.instance else { throw notInitialized }
        delegate.install()
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

    /// `Zendesk.authenticationDelegate`'s `onInvalidAuth(error:completion:)` is answered by `renewal`; the bridge
    /// is the SDK's delegate while `renewal` is set, and stops being it when `renewal` is `nil`.
    public func setJWTRenewal(_ renewal: (@Sendable (ZendeskMessagingSDKError?) async -> String?)?) {
        delegate.renewal.withLock { $0 = renewal }
        let delegate = self.delegate
        Task { @MainActor in delegate.install() }
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
            case .httpError(let description, let httpError):
                return sdkError(httpError, description: description)
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

    /// `ConversationKitError.httpError`, which Zendesk documents as "a network error occured", by its `HTTPError`:
    /// only a 401 or 403 answer is a refusal of the credentials (`unauthorized`, `token_invalid`); no answer, a
    /// failed request or a 5xx (the vendor unavailable) is `networkError`; anything else keeps its case as the
    /// vendor code (`unknown_error`). An app logs the user out on a refusal, never on a lost connection.
    static func sdkError(_ error: HTTPError, description: String) -> ZendeskMessagingSDKError {
        switch error {
        case .noResponse, .requestFailed:
            return ZendeskMessagingSDKError(code: ZendeskMessagingVendorCode.networkError, message: description)
        case .unsuccessfulStatusCodeForRequest(let status, _, _) where status == 401 || status == 403:
            return ZendeskMessagingSDKError(code: ZendeskMessagingVendorCode.unauthorized, message: description, httpStatus: status)
        case .unsuccessfulStatusCodeForRequest(let status, _, _) where (500...599).contains(status):
            return ZendeskMessagingSDKError(code: ZendeskMessagingVendorCode.networkError, message: description, httpStatus: status)
        case .unsuccessfulStatusCodeForRequest(let status, _, _):
            return ZendeskMessagingSDKError(code: "unsuccessfulStatusCodeForRequest", message: description, httpStatus: status)
        case .badRequest:
            // Not documented (no DocC page, no text in the interface): the SDK's own verdict on a request, not
            // an HTTP status and not a refusal of the JWT.
            return ZendeskMessagingSDKError(code: "badRequest", message: description)
        case .expectedEmptyResponse, .failedToDecode, .multiConvoNotEnabled, .userCannotCreateMoreConversations:
            return ZendeskMessagingSDKError(code: Self.caseName(of: error), message: description)
        @unknown default:
            return ZendeskMessagingSDKError(code: Self.caseName(of: error), message: description)
        }
    }

    /// The enum case's name, without its values.
    private static func caseName(of error: HTTPError) -> String {
        String(String(describing: error).prefix { $0 != "(" })
    }

    private static let notInitialized = ZendeskMessagingSDKError(code: "notInitialized", message: "Zendesk.initialize has not succeeded.")
    private static let noAPI = ZendeskMessagingSDKError(
        code: "unsupportedOperation", message: "The Messaging SDK has no public call for this.")
}

/// `Zendesk.authenticationDelegate` (the SDK holds it weakly; the bridge keeps it) while a renewal is set: the
/// SDK's request for a fresh JWT, answered by the provider's renewal (its credential source).
private final class RenewalDelegate: AuthenticationDelegate, Sendable {
    let renewal = Mutex<(@Sendable (ZendeskMessagingSDKError?) async -> String?)?>(nil)

    /// Becomes `Zendesk.authenticationDelegate` while a renewal is set; stops being it when none is.
    @MainActor func install() {
        if renewal.withLock({ $0 != nil }) {
            Zendesk.authenticationDelegate = self
        } else if Zendesk.authenticationDelegate === self {
            Zendesk.authenticationDelegate = nil
        }
    }

    /// Every request is answered, once: with the renewal's JWT, or with an empty string when there is no
    /// renewal or it gave no JWT. The SDK counts a JWT it cannot use as a failed fetch ("Authentication Delegate
    /// failed to fetch a valid JWT token. Retry: ...") and gives up after its maximum of retries; a completion
    /// never called would leave its request waiting.
    func onInvalidAuth(error: (any Error)?, completion: @escaping (String) -> Void) {
        nonisolated(unsafe) let completion = completion
        guard let renewal = renewal.withLock({ $0 }) else {
            completion("")
            return
        }
        let refused = error.map(MessagingBridge.sdkError(_:))
        Task {
            let jwt = await renewal(refused) ?? ""
            await MainActor.run { completion(jwt) }
        }
    }
}
