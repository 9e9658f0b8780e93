import IdentityBridgeModel
import Synchronization

/// One attempt's answer, whichever comes first: the transport's, the timeout's, or the calling task's
/// cancellation. The waiter is resumed by the first and never waits for the others, so a transport
/// that ignores cancellation cannot hold a caller past its timeout, its deadline or a logout.
final class AttemptRace: Sendable {
    private struct State {
        var result: Result<ClientResponse, IdentityError>??
        var waiter: CheckedContinuation<Result<ClientResponse, IdentityError>?, Never>?
    }
    private let state = Mutex(State())

    /// Ends the race with `result` (`nil`: the caller was cancelled) unless it has ended already;
    /// `false` when it had (the result is dropped).
    @discardableResult
    func finish(_ result: Result<ClientResponse, IdentityError>?) -> Bool {
        let (won, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Result<ClientResponse, IdentityError>?, Never>?) in
            guard state.result == nil else { return (false, nil) }
            state.result = .some(result)
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: result)
        return won
    }

    /// The first result; `nil` when the calling task was cancelled first.
    func wait() async -> Result<ClientResponse, IdentityError>? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<ClientResponse, IdentityError>?, Never>) in
                let ended = state.withLock { state -> Result<ClientResponse, IdentityError>?? in
                    if let result = state.result { return .some(result) }
                    state.waiter = continuation
                    return .none
                }
                if let ended { continuation.resume(returning: ended) }
            }
        } onCancel: {
            finish(nil)
        }
    }
}
