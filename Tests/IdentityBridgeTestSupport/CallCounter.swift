import Synchronization

/// Counts calls from any task: how often a credential source or a callback was asked.
package final class CallCounter: Sendable {
    private let count = Mutex(0)

    /// A counter at zero.
    package init() {}

    /// Counts one call.
    package func increment() { count.withLock { $0 += 1 } }

    /// The calls counted so far.
    package var value: Int { count.withLock { $0 } }
}
