import Foundation
import Synchronization

/// Fans a provider's events out to any number of observers and async streams.
///
/// Adapters own one hub and call ``emit(_:)``; users call ``stream(bufferingPolicy:)`` (or the provider's
/// `events()`); test tools that need every event in order, synchronously, call ``observe(_:)``.
public final class EventHub: Sendable {
    /// A token that ends an observation when cancelled.
    public struct Observation: Sendable, Hashable {
        let id: UInt64
    }

    private struct State {
        var nextID: UInt64 = 0
        var observers: [UInt64: @Sendable (IdentityEvent) -> Void] = [:]
        var continuations: [UInt64: AsyncStream<IdentityEvent>.Continuation] = [:]
    }

    private let state = Mutex(State())

    /// Creates a hub with no observers.
    public init() {}

    /// Delivers `event` to every observer (synchronously, in registration order) and every stream.
    public func emit(_ event: IdentityEvent) {
        let (observers, continuations) = state.withLock { state in
            (state.observers.sorted { $0.key < $1.key }.map(\.value), Array(state.continuations.values))
        }
        for observer in observers { observer(event) }
        for continuation in continuations { continuation.yield(event) }
    }

    /// Calls `handler` synchronously for every event emitted from now on.
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (IdentityEvent) -> Void) -> Observation {
        state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = handler
            return Observation(id: state.nextID)
        }
    }

    /// Stops an observation.
    public func cancel(_ observation: Observation) {
        _ = state.withLock { $0.observers.removeValue(forKey: observation.id) }
    }

    /// A new stream of every event emitted from now on; it ends when the consumer stops iterating.
    public func stream(bufferingPolicy: AsyncStream<IdentityEvent>.Continuation.BufferingPolicy = .bufferingNewest(1024))
        -> AsyncStream<IdentityEvent>
    {
        let (stream, continuation) = AsyncStream<IdentityEvent>.makeStream(bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every stream (observers stay).
    public func finish() {
        let continuations = state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}

/// Records events in memory, for tests and the scenario runner.
public final class EventRecorder: Sendable {
    private let recorded = Mutex<[IdentityEvent]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Starts recording `hub`'s events.
    @discardableResult
    public func record(_ hub: EventHub) -> EventHub.Observation {
        hub.observe { [self] event in recorded.withLock { $0.append(event) } }
    }

    /// Every event recorded so far.
    public var events: [IdentityEvent] { recorded.withLock { $0 } }
    /// The names of the events recorded so far.
    public var names: [IdentityEvent.Name] { events.map(\.name) }

    /// Returns and forgets the events recorded so far.
    public func drain() -> [IdentityEvent] {
        recorded.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
