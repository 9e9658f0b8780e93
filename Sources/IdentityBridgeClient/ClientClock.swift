public import Foundation
public import IdentityBridgeModel
import Synchronization

/// The device clock the client reads and sleeps on: retry backoff, timeouts, the call deadline and
/// credential lifetimes all go through it, so tests move time by hand (``ManualClientClock``)
/// instead of sleeping.
///
/// Expiry is judged only on ``monotonicSeconds()``: a credential's `expires_in` is anchored on it
/// at the moment the request was sent, so a wall clock (`IdentityClock.now()`) that is wrong, or
/// that the user changes, never makes the client hand out an expired credential or refetch in a loop.
public protocol ClientClock: IdentityClock {
    /// Suspends until the clock reaches `deadline`; throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
    /// Suspends for `seconds` of elapsed (monotonic) time; throws `CancellationError` when the task is cancelled.
    func sleep(for seconds: TimeInterval) async throws
    /// Seconds elapsed since an arbitrary origin on a clock that never jumps (it does not follow
    /// changes of the wall clock). The default reads `IdentityClock.now()`, which does jump:
    /// a clock of your own should return a monotonic reading.
    func monotonicSeconds() -> TimeInterval
}

extension ClientClock {
    /// Suspends for `seconds` of this clock's time.
    public func sleep(for seconds: TimeInterval) async throws {
        try await sleep(until: now().addingTimeInterval(seconds))
    }

    /// `IdentityClock.now()` in seconds since 1970 (not monotonic: implement it in your own clock).
    public func monotonicSeconds() -> TimeInterval { now().timeIntervalSince1970 }
}

/// The system's wall clock; sleeps with `Task.sleep`.
public struct SystemClientClock: ClientClock {
    /// Creates the system clock.
    public init() {}
    /// `Date()`.
    public func now() -> Date { Date() }
    /// Sleeps until `deadline` (returns at once for a past deadline).
    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .seconds(seconds))
    }
    /// Sleeps `seconds` on the continuous (monotonic) clock.
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .seconds(seconds), clock: .continuous)
    }
    /// The continuous clock's reading (monotonic; it keeps counting while the device sleeps).
    public func monotonicSeconds() -> TimeInterval {
        let elapsed = ContinuousClock.now - Self.origin
        return TimeInterval(elapsed.components.seconds) + TimeInterval(elapsed.components.attoseconds) * 1e-18
    }
    private static let origin = ContinuousClock.now
}

/// A clock tests move by hand: sleepers wake when ``advance(by:)`` or ``set(_:)`` passes their
/// deadline, never on their own. `sleepers` lets a test wait until a task is parked on it.
///
/// It has two readings: the wall clock (``now()``) and the monotonic one (``monotonicSeconds()``).
/// ``advance(by:)`` and ``set(_:)`` move both (time passing); ``shiftWallClock(by:)`` moves only the
/// wall clock, as a user or a network time update changing the device's clock does.
///
/// ```swift
/// let clock = ManualClientClock(unixSeconds: 1_767_225_600)
/// clock.advance(by: 3_600)         // an hour later; every sleeper due by then resumes
/// clock.shiftWallClock(by: -600)   // the device clock is set 10 minutes back; no time passed
/// ```
public final class ManualClientClock: ClientClock {
    private struct Sleeper {
        /// On the monotonic reading.
        let deadline: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var now: Date
        var monotonic: TimeInterval = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }
    private let state: Mutex<State>

    /// Creates a clock at `start` (its monotonic reading at 0).
    public init(_ start: Date) { state = Mutex(State(now: start)) }
    /// Creates a clock at a Unix time in seconds.
    public convenience init(unixSeconds: Int64) { self.init(Date(timeIntervalSince1970: TimeInterval(unixSeconds))) }

    /// The clock's current instant (the wall clock).
    public func now() -> Date { state.withLock { $0.now } }

    /// The monotonic reading: the seconds ``advance(by:)`` and ``set(_:)`` moved the clock by since it was created.
    public func monotonicSeconds() -> TimeInterval { state.withLock { $0.monotonic } }

    /// How many tasks are asleep on this clock.
    package var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the tasks asleep on this clock, earliest first (as wall-clock instants).
    package var deadlines: [Date] {
        state.withLock { state in
            state.sleepers.values.map { state.now.addingTimeInterval($0.deadline - state.monotonic) }.sorted()
        }
    }

    /// Moves the clock by `seconds` (negative: back, the monotonic reading too) and wakes every sleeper now due.
    public func advance(by seconds: TimeInterval) { move(wall: seconds, monotonic: seconds) }

    /// Sets the clock to `instant` (the monotonic reading moves by as much) and wakes every sleeper now due.
    public func set(_ instant: Date) {
        let delta = instant.timeIntervalSince(now())
        move(wall: delta, monotonic: delta)
    }

    /// Moves only the wall clock by `seconds`: the device's clock is changed, no time passes, no sleeper wakes.
    public func shiftWallClock(by seconds: TimeInterval) { move(wall: seconds, monotonic: 0) }

    private func move(wall: TimeInterval, monotonic: TimeInterval) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.addingTimeInterval(wall)
            state.monotonic += monotonic
            let now = state.monotonic
            let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }

    /// Suspends until the clock is moved to `deadline` or later.
    public func sleep(until deadline: Date) async throws {
        try await sleep { state in state.monotonic + deadline.timeIntervalSince(state.now) }
    }

    /// Suspends until the clock is moved `seconds` further.
    public func sleep(for seconds: TimeInterval) async throws {
        try await sleep { state in state.monotonic + seconds }
    }

    private func sleep(deadline: (State) -> TimeInterval) async throws {
        let (id, due) = state.withLock { state -> (UInt64, TimeInterval) in
            state.nextID += 1
            return (state.nextID, deadline(state))
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.monotonic >= due || Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(deadline: due, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}
