#if TokenService
package import IdentityBridge
import Logging
import Synchronization

/// The live state of a token service: the current ``ServiceSnapshot`` behind a lock. Requests read
/// it once (a reference copy under the lock); a reload builds a whole new snapshot first and
/// ``replace(with:)`` swaps it in atomically, so no request sees half a configuration and none fails
/// during a reload.
public final class ServiceState: Sendable {
    private let current: Mutex<(snapshot: ServiceSnapshot?, generation: Int, refusal: ReloadRefusal?)>
    private let draining = Atomic<Bool>(false)

    /// Creates a state, empty (every app 404, `/readyz` 503) or with a first snapshot (generation 1).
    public init(_ snapshot: ServiceSnapshot? = nil) { current = Mutex((snapshot, snapshot == nil ? 0 : 1, nil)) }

    /// The snapshot requests are served from; `nil` before a configuration is loaded.
    public var snapshot: ServiceSnapshot? { current.withLock { $0.snapshot } }

    /// Whether the service is shutting down (`/readyz` answers 503).
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the service as shutting down: `/readyz` answers 503 from now on.
    package func beginDraining() { draining.store(true, ordering: .relaxed) }

    /// The snapshot and its generation (1 for the first snapshot, one more on each replacement), read together.
    public var served: (snapshot: ServiceSnapshot, generation: Int)? {
        current.withLock { current in current.snapshot.map { ($0, current.generation) } }
    }

    /// Replaces the snapshot; the generation counts up, and a refusal shown before is cleared.
    public func replace(with snapshot: ServiceSnapshot) {
        current.withLock {
            $0.snapshot = snapshot
            $0.generation += 1
            $0.refusal = nil
        }
    }

    /// The latest reload, when it was refused (the snapshot of ``served`` kept serving); `nil` once a
    /// reload succeeds. `/readyz` shows it.
    package var reloadRefusal: ReloadRefusal? { current.withLock { $0.refusal } }

    /// Records a refused reload: `/readyz` shows its `problems` until a reload succeeds.
    package func refuseReload(_ problems: [ConfigDiagnostic]) {
        current.withLock { current in
            current.refusal = ReloadRefusal(problems: problems, attempts: (current.refusal?.attempts ?? 0) + 1)
        }
    }
}

/// A reload that was refused while the previous configuration keeps serving: what `/readyz` shows
/// under `reload_refused` so an operator sees it where they look, not only in a log line.
package struct ReloadRefusal: Sendable, Hashable {
    /// Every problem of the refused load, each at its file, line and column (never a secret).
    package var problems: [ConfigDiagnostic]
    /// The reloads refused in a row since the last one that succeeded (or since the start).
    package var attempts: Int

    /// Creates a refusal.
    package init(problems: [ConfigDiagnostic], attempts: Int = 1) {
        self.problems = problems
        self.attempts = attempts
    }

    /// `{"attempts": N, "problems": [{"file", "line", "column", "message"}, ...]}`.
    package var json: JSONValue {
        .object([
            "attempts": .int(Int64(attempts)),
            "problems": .array(
                problems.map {
                    .object([
                        "file": .string($0.file), "line": .int(Int64($0.line)), "column": .int(Int64($0.column)),
                        "message": .string($0.message),
                    ])
                }),
        ])
    }
}
#endif
