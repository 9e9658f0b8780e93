#if TokenService
import Synchronization

/// The number of connections a token service has open, shared by all its connections' pipelines
/// (see ``TokenService/Limits/maxConnections``).
package final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    package init() {}

    /// Counts a new connection; returns how many are open with it.
    package func opened() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Counts a closed connection.
    package func closed() { count.wrappingSubtract(1, ordering: .relaxed) }

    /// How many connections are open.
    package var open: Int { count.load(ordering: .relaxed) }
}
#endif
