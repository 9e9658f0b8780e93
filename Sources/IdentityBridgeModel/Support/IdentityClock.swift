public import Foundation
import Synchronization

/// The source of time for issuers, verifiers, adapters and simulators.
///
/// Inject ``ManualClock`` in tests and simulators to control expiry and clock skew.
public protocol IdentityClock: Sendable {
    /// The current time.
    func now() -> Date
}

extension IdentityClock {
    /// The current time in whole Unix seconds (what JWT `iat`/`exp` use).
    /// Instants outside the 64-bit range (or not a number) are clamped, never trapped on.
    public func unixSeconds() -> Int64 {
        let seconds = now().timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return seconds.isNaN ? 0 : (seconds > 0 ? .max : .min) }
        if seconds >= Double(Int64.max) { return .max }
        if seconds <= Double(Int64.min) { return .min }
        return Int64(seconds)
    }
}

/// The system's wall clock.
public struct SystemClock: IdentityClock {
    /// Creates the system clock.
    public init() {}
    /// `Date()`.
    public func now() -> Date { Date() }
}

/// A clock that always answers the same instant (used by `identityctl --now`).
public struct FixedClock: IdentityClock {
    /// The instant this clock answers.
    public let instant: Date
    /// Creates a clock fixed at `instant`.
    public init(_ instant: Date) { self.instant = instant }
    /// Creates a clock fixed at a Unix time in seconds.
    public init(unixSeconds: Int64) { self.instant = Date(timeIntervalSince1970: TimeInterval(unixSeconds)) }
    /// The fixed instant.
    public func now() -> Date { instant }
}

/// A clock that tests and simulators move by hand. Thread-safe.
///
/// ```swift
/// let clock = ManualClock(unixSeconds: 1_767_225_600)
/// clock.advance(by: 600)   // ten minutes later
/// ```
public final class ManualClock: IdentityClock {
    private let current: Mutex<Date>

    /// Creates a clock at `start`.
    public init(_ start: Date) { current = Mutex(start) }
    /// Creates a clock at a Unix time in seconds.
    public convenience init(unixSeconds: Int64) { self.init(Date(timeIntervalSince1970: TimeInterval(unixSeconds))) }

    /// The clock's current instant.
    public func now() -> Date { current.withLock { $0 } }
    /// Moves the clock forward (or back, for a negative interval).
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    /// Sets the clock to `instant`.
    public func set(_ instant: Date) { current.withLock { $0 = instant } }
}
