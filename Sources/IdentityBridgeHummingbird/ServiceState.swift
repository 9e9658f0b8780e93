#if TokenService
import IdentityBridge
import Logging
import Synchronization

/// The live state of a token service: the current ``ServiceSnapshot`` behind a lock. Requests read
/// it once (a reference copy under the lock); a reload builds a whole new snapshot first and
/// ``replace(with:)`` swaps it in atomically, so no request sees half a configuration and none fails
/// during a reload.
public final class ServiceState: Sendable {
    private let current: Mutex<(snapshot: ServiceSnapshot?, generation: Int)>
    private let draining = Atomic<Bool>(false)

    /// Creates a state, empty (every app 404, `/readyz` 503) or with a first snapshot (generation 1).
    public init(_ snapshot: ServiceSnapshot? = nil) { current = Mutex((snapshot, snapshot == nil ? 0 : 1)) }

    /// The snapshot requests are served from; `nil` before a configuration is loaded.
    public var snapshot: ServiceSnapshot? { current.withLock { $0.snapshot } }

    /// Whether the service is shutting down (`/readyz` answers 503).
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the service as shutting down: `/readyz` answers 503 from now on.
    public func beginDraining() { draining.store(true, ordering: .relaxed) }

    /// The snapshot and its generation (1 for the first snapshot, one more on each replacement), read together.
    public var served: (snapshot: ServiceSnapshot, generation: Int)? {
        current.withLock { current in current.snapshot.map { ($0, current.generation) } }
    }

    /// Replaces the snapshot; the generation counts up.
    public func replace(with snapshot: ServiceSnapshot) {
        current.withLock {
            $0.snapshot = snapshot
            $0.generation += 1
        }
    }
}
#endif
