#if TokenService
extension TokenService {
    /// How long a connection may stay idle or slow, how many may be open at once, and how long a
    /// shutdown drains: the token service's defences against slow and hostile clients.
    ///
    /// ```swift
    /// var limits = TokenService.Limits()
    /// limits.headTimeout = .seconds(5)
    /// let service = TokenService(configPath: "identity.yaml", loader: loader, limits: limits)
    /// ```
    ///
    /// A connection is closed when it stays idle (no request) longer than ``idleTimeout``, when a
    /// request's head takes longer than ``headTimeout`` from its first byte, or when its body takes
    /// longer than ``bodyTimeout`` after the head. Past ``maxConnections`` open connections, a new
    /// connection is answered only for `GET /healthz` and `GET /readyz` (then closed); anything else
    /// gets 503 `limit_exceeded` with `Connection: close`. On SIGTERM the service drains for at most
    /// ``drainTimeout``, giving idle connections ``drainIdleGrace`` (see ``TokenService``).
    public struct Limits: Sendable, Equatable {
        /// An idle keep-alive connection is closed after this long without a request (default 60 s).
        public var idleTimeout: Duration
        /// A request's head must arrive within this long of its first byte (default 10 s).
        public var headTimeout: Duration
        /// A request's body must arrive within this long of its head (default 30 s).
        public var bodyTimeout: Duration
        /// The most connections open at once (default 4,096); past it only health probes are answered.
        public var maxConnections: Int
        /// The longest a SIGTERM drain lasts before the remaining connections are closed (default 25 s,
        /// under Kubernetes' default 30 s termination grace period).
        public var drainTimeout: Duration
        /// During a drain, an idle keep-alive connection gets this long for a request already on its
        /// way (answered with `Connection: close`) before it is closed (default 1 s; at most
        /// ``drainTimeout``).
        public var drainIdleGrace: Duration

        /// Connections accepted past ``maxConnections`` to answer a health probe; past those, a new
        /// connection is closed at once.
        public static let probeConnections = 64
        /// The documented defaults, written once here: `identity-server`'s flags take theirs from it.
        public static let defaults = Limits()
        /// The longest timeout or drain any limit takes (a day).
        public static let longestDuration: Duration = .seconds(86_400)
        /// The values ``maxConnections`` takes.
        public static let connectionRange = 1...1_000_000

        /// The problem of a duration of `seconds` named `name` (a flag, say), or `nil` when it is more than 0 and at most
        /// ``longestDuration``. It reads a plain number, so a flag is checked before it becomes a `Duration` (which traps
        /// on NaN).
        public static func durationProblem(seconds: Double, named name: String) -> String? {
            let longest = longestDuration.seconds
            guard !(seconds > 0 && seconds <= longest) else { return nil }
            return "\(name) \(seconds) is not a duration; use more than 0 and at most \(Int(longest)) seconds."
        }

        /// The problem of a connection cap of `count` named `name` (a flag, say), or `nil` when it is in
        /// ``connectionRange``.
        public static func connectionProblem(count: Int, named name: String) -> String? {
            guard !connectionRange.contains(count) else { return nil }
            return "\(name) \(count) is out of range; use \(connectionRange.lowerBound) through \(connectionRange.upperBound)."
        }

        /// The first problem of these limits, naming the setting as `name` (a flag, say) spells it, or `nil` when
        /// every value is in range: each duration more than 0 and at most ``longestDuration``, ``maxConnections``
        /// in ``connectionRange``, and ``drainIdleGrace`` at most ``drainTimeout``.
        public func problem(naming name: (PartialKeyPath<Limits>) -> String) -> String? {
            let durations: [(KeyPath<Limits, Duration>, Duration)] = [
                (\.idleTimeout, idleTimeout), (\.headTimeout, headTimeout), (\.bodyTimeout, bodyTimeout),
                (\.drainTimeout, drainTimeout), (\.drainIdleGrace, drainIdleGrace),
            ]
            for (key, value) in durations {
                if let problem = Self.durationProblem(seconds: value.seconds, named: name(key)) { return problem }
            }
            if let problem = Self.connectionProblem(count: maxConnections, named: name(\Limits.maxConnections)) { return problem }
            guard drainIdleGrace <= drainTimeout else {
                let grace = "\(name(\Limits.drainIdleGrace)) \(drainIdleGrace.seconds)"
                return "\(grace) is longer than \(name(\Limits.drainTimeout)) \(drainTimeout.seconds); use at most the drain's deadline."
            }
            return nil
        }
        /// Creates limits; every value has the documented default.
        public init(
            idleTimeout: Duration = .seconds(60), headTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30),
            maxConnections: Int = 4_096, drainTimeout: Duration = .seconds(25), drainIdleGrace: Duration = .seconds(1)
        ) {
            self.idleTimeout = idleTimeout
            self.headTimeout = headTimeout
            self.bodyTimeout = bodyTimeout
            self.maxConnections = maxConnections
            self.drainTimeout = drainTimeout
            self.drainIdleGrace = drainIdleGrace
        }
    }
}

extension Duration {
    /// The duration in seconds, fractional (`1.5`), as a flag or a message writes it.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
#endif
