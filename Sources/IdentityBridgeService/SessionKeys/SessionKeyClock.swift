#if TokenService
import Synchronization

/// The session-key cache's time: the monotonic clock plus an offset that only moves forward, so a
/// test of freshness, staleness and expiry moves time instead of waiting for it.
package final class SessionKeyClock: Sendable {
    private let offset = Mutex(Duration.zero)

    /// The monotonic clock, not moved.
    package init() {}

    /// Now, on the monotonic clock moved by every ``advance(by:)`` so far.
    package var now: ContinuousClock.Instant { ContinuousClock.now + offset.withLock { $0 } }

    /// Moves this clock forward by `duration` (a negative one is ignored).
    package func advance(by duration: Duration) {
        offset.withLock { $0 += max(duration, .zero) }
    }
}
#endif
