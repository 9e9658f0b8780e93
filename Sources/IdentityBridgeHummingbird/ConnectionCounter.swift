#if TokenService
import Synchronization

/// The number of connections a token service has open, shared by all its connections' pipelines
/// (see ``TokenService/Limits/maxConnections``).
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts a new connection; returns how many are open with it.
    func opened() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Counts a closed connection.
    func closed() { count.wrappingSubtract(1, ordering: .relaxed) }

    /// How many connections are open.
    var open: Int { count.load(ordering: .relaxed) }
}
#endif
