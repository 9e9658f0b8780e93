import Synchronization

/// Holds a simulated SDK call until the test lets it through, to test what a provider does with a
/// call made while another is running (the concurrency rule of `IdentityProvider`).
///
/// Wrap a simulator in a port whose held call starts with `pass()`:
///
/// ```swift
/// func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
///     await gate.pass()
///     return try await simulator.loginUser(jwt: jwt)
/// }
/// ```
///
/// then `await gate.entered()` (a call is held), make the overlapping call, and `open()`.
package final class CallGate: Sendable {
    private let entries: AsyncStream<Void>
    private let entriesContinuation: AsyncStream<Void>.Continuation
    private let openings: AsyncStream<Void>
    private let openingsContinuation: AsyncStream<Void>.Continuation
    private let passed = Mutex(0)

    /// Creates a closed gate.
    package init() {
        (entries, entriesContinuation) = AsyncStream.makeStream()
        (openings, openingsContinuation) = AsyncStream.makeStream()
    }

    /// Called by the held call: counts it, reports it entered, and waits until `open()`.
    package func pass() async {
        passed.withLock { $0 += 1 }
        entriesContinuation.yield()
        for await _ in openings { break }
    }

    /// Waits until a held call has entered (one per call to `pass()`).
    package func entered() async {
        for await _ in entries { break }
    }

    /// Lets one held call through.
    package func open() { openingsContinuation.yield() }

    /// How many calls have reached `pass()`.
    package var count: Int { passed.withLock { $0 } }
}
