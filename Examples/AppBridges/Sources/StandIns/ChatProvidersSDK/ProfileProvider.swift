// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`; in-memory fake.
public import Foundation

/// The visitor's profile.
public final class ProfileProvider: NSObject {
    private var stored = VisitorInfo.initial

    override init() { super.init() }

    /// The visitor info set last; `VisitorInfo.initial` before any.
    public var visitorInfo: VisitorInfo { stored }

    /// Sets the visitor info (discarded by the backend for an authenticated visitor); completes with `.success`.
    public func setVisitorInfo(
        _ visitorInfo: VisitorInfo, completion: ((Result<VisitorInfo, DeliveryStatusError>) -> Void)? = nil
    ) {
        stored = visitorInfo
        completion?(.success(visitorInfo))
    }

    /// Forgets the visitor info (`Chat.clearCache()`, `Chat.resetIdentity(_:)`).
    func clearCache() { stored = .initial }
}
