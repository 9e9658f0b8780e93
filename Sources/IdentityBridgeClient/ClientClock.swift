public import Foundation
public import IdentityBridge
import Synchronization

/// The device clock the client reads and sleeps on: expiry checks, retry backoff and timeouts all
/// go through it, so tests move time by hand (``ManualClientClock``) instead of sleeping.
public protocol ClientClock: IdentityClock {
    /// Suspends until the clock reaches `deadline`; throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
}

extension ClientClock {
    /// Suspends for `seconds` of this clock's time.
    public func sleep(for seconds: TimeInterval) async throws {
        try await sleep(until: now().addingTimeInterval(seconds))
    }
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
}

/// A clock tests move by hand: sleepers wake when ``advance(by:)`` or ``set(_:)`` passes their
/// deadline, never on their own. ``sleepers`` lets a test wait until a task is parked on it.
///
/// ```swift
/// let clock = ManualClientClock(unixSeconds: 1_767_225_600)
/// clock.advance(by: 3_600)   // an hour later; every sleeper due by then resumes
/// ```
public final class ManualClientClock: ClientClock {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var now: Date
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }
    private let state: Mutex<State>

    /// Creates a clock at `start`.
    public init(_ start: Date) { state = Mutex(State(now: start)) }
    /// Creates a clock at a Unix time in seconds.
    public convenience init(unixSeconds: Int64) { self.init(Date(timeIntervalSince1970: TimeInterval(unixSeconds))) }

    /// The clock's current instant.
    public func now() -> Date { state.withLock { $0.now } }

    /// How many tasks are asleep on this clock.
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the tasks asleep on this clock, earliest first.
    public var deadlines: [Date] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    /// Moves the clock by `seconds` (negative: back) and wakes every sleeper now due.
    public func advance(by seconds: TimeInterval) { set(now().addingTimeInterval(seconds)) }

    /// Sets the clock to `instant` and wakes every sleeper now due.
    public func set(_ instant: Date) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = instant
            let ids = state.sleepers.filter { $0.value.deadline <= instant }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }

    /// Suspends until the clock is moved to `deadline` or later.
    public func sleep(until deadline: Date) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.now >= deadline || Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
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
