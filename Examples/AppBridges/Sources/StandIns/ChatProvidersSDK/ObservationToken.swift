// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`; in-memory fake.
public import Foundation

/// Cancels an observation.
public final class ObservationToken: NSObject, Identifiable {
    public typealias ID = ObservableIdentifier

    /// The observer's identifier.
    public let id: ObservableIdentifier
    private let cancellationClosure: () -> Void

    /// A token whose `cancel()` calls `cancellationClosure`.
    public init(id: ObservableIdentifier, cancellationClosure: @escaping () -> Void) {
        self.id = id
        self.cancellationClosure = cancellationClosure
        super.init()
    }

    /// Stops observing.
    public func cancel() { cancellationClosure() }
}
