import Dispatch
package import IdentityBridge
import Synchronization

/// Something that happens once, for a test to wait for instead of polling: ``fire()`` from any
/// task, thread or callback ends every wait, the ones already waiting and the later ones.
package final class Occurrence: Sendable {
    private struct State {
        var fired = false
        var nextID: UInt64 = 0
        var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    }
    private let state = Mutex(State())

    /// An occurrence that has not happened yet.
    package init() {}

    /// Whether it has happened.
    package var hasFired: Bool { state.withLock { $0.fired } }

    /// It happens: every wait ends (a second call does nothing).
    package func fire() {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard !state.fired else { return [] }
            state.fired = true
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: true) }
    }

    /// Suspends until it has happened. In-process tests wait so and bound the test instead
    /// (`.timeLimit`), so that a wait that never ends fails the test rather than hanging it.
    package func wait() async { _ = await wait(deadline: nil) }

    /// Suspends until it has happened (true) or `seconds` of wall time have passed (false): for the
    /// tests that wait for another process, whose events may never come.
    package func wait(seconds: Double) async -> Bool { await wait(deadline: .now() + seconds) }

    private func wait(deadline: DispatchTime?) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id = state.withLock { state -> UInt64? in
                if state.fired { return nil }
                state.nextID += 1
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            guard let id else { return continuation.resume(returning: true) }
            guard let deadline else { return }
            DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in
                state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: false)
            }
        }
    }
}

extension EventHub {
    /// An occurrence that the hub's next event named `name` fires: a test waits for it rather than
    /// polling a recorder. (The observation lasts as long as the hub.)
    package func occurrence(of name: IdentityEvent.Name) -> Occurrence {
        let occurrence = Occurrence()
        _ = observe { event in if event.name == name { occurrence.fire() } }
        return occurrence
    }
}
