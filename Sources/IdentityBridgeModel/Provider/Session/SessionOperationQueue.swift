/// Runs a provider's session calls one at a time, in call order: the "waits its turn" half of the
/// concurrency rule of ``IdentityProvider``.
///
/// Keep one in a `var` of the provider actor and hand it each call that changes the vendor
/// session. ``enqueue(_:)`` is synchronous, so the order of the calls on the actor is the order in
/// which they reach the SDK:
///
/// ```swift
/// public func logout() async throws(IdentityError) {
///     await operations.enqueue { await self.performLogout() }.value
/// }
/// ```
///
/// An operation must not call another operation of the same queue and wait for it: it would wait
/// for itself. Call the `perform...` halves directly instead.
public struct SessionOperationQueue: Sendable {
    /// The last operation handed to the queue.
    private var last: Task<Void, Never>?

    /// Creates an empty queue.
    public init() {}

    /// Starts `operation` once every operation enqueued before it has finished; await the task's
    /// `value` for its result.
    public mutating func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
        let previous = last
        let task = Task {
            _ = await previous?.value
            return await operation()
        }
        last = Task { _ = await task.value }
        return task
    }

    /// Like ``enqueue(_:)``, for an operation that fails with an `IdentityError`: await the task's
    /// `value.get()` for its result.
    ///
    /// ```swift
    /// public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
    ///     try await operations.enqueue(throwing: { () async throws(IdentityError) in
    ///         try await self.performLogin(credential: credential)
    ///     }).value.get()
    /// }
    /// ```
    public mutating func enqueue<T: Sendable>(
        throwing operation: @escaping @Sendable () async throws(IdentityError) -> T
    ) -> Task<Result<T, IdentityError>, Never> {
        enqueue { () async -> Result<T, IdentityError> in
            do throws(IdentityError) { return .success(try await operation()) } catch { return .failure(error) }
        }
    }
}
