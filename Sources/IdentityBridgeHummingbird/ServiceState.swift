import IdentityBridge
import Logging
import Synchronization

/// The live state of a token service: the current ``ServiceSnapshot`` behind a lock. Requests read
/// it once (a reference copy under the lock); a reload builds a whole new snapshot first and
/// ``replace(with:)`` swaps it in atomically, so no request sees half a configuration and none fails
/// during a reload.
public final class ServiceState: Sendable {
    private let current: Mutex<ServiceSnapshot?>

    /// Creates a state, empty (every app 404, `/readyz` 503) or with a first snapshot.
    public init(_ snapshot: ServiceSnapshot? = nil) { current = Mutex(snapshot) }

    /// The snapshot requests are served from; `nil` before a configuration is loaded.
    public var snapshot: ServiceSnapshot? { current.withLock { $0 } }

    /// Replaces the snapshot.
    public func replace(with snapshot: ServiceSnapshot) { current.withLock { $0 = snapshot } }
}
