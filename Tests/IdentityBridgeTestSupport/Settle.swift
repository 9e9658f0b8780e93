/// Yields the thread until `condition` holds (at most `rounds` times; no wall-clock wait): the
/// tasks under test run meanwhile. False if it never held.
///
/// Only for a state that announces no event a test could wait for: a task asleep on a
/// `ManualClientClock` (its `sleepers` and `deadlines`), which the clock does not report. Anything
/// that can signal (a fake's callback, a hub's event, a task's end) is waited for with an
/// ``Occurrence`` or a continuation instead.
package func settle(rounds: Int = 200_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<rounds {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
