import IdentityBridgeModel
import Synchronization

/// The callers waiting for one shared fetch. A caller whose task is cancelled leaves at once with
/// `ClientFailure/callerCancelled()`; the fetch itself runs on for the others (and is cached).
final class FetchWaiters: Sendable {
    private struct State {
        var result: Result<Credential, IdentityError>?
        var waiting: [UInt64: CheckedContinuation<Result<Credential, IdentityError>, Never>] = [:]
        var nextID: UInt64 = 0
    }
    private let state = Mutex(State())

    /// Hands `result` to every caller waiting now and to every later one.
    func finish(_ result: Result<Credential, IdentityError>) {
        let waiting = state.withLock { state in
            state.result = result
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: result) }
    }

    /// The fetch's result, or `callerCancelled` as soon as the calling task is cancelled.
    func wait() async -> Result<Credential, IdentityError> {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Credential, IdentityError>, Never>) in
                let now = state.withLock { state -> Result<Credential, IdentityError>? in
                    if let result = state.result { return result }
                    if Task.isCancelled { return .failure(ClientFailure.callerCancelled()) }
                    state.waiting[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
            continuation?.resume(returning: .failure(ClientFailure.callerCancelled()))
        }
    }
}
