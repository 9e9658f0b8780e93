public import Foundation
import IdentityBridgeModel
public import Logging
public import Metrics

extension CredentialClient {
    /// Retries of a fetch: exponential backoff with jitter, on network errors, timeouts, 502, 503,
    /// 504 and 429 (waiting at least the answer's `Retry-After`), all within the call's
    /// ``Configuration/deadline``.
    public struct RetryPolicy: Sendable {
        /// Retries after the first attempt (0: none).
        package var maxRetries: Int
        /// The backoff before the first retry; each next one doubles, up to `maximumDelay`.
        package var initialDelay: TimeInterval
        /// The longest backoff.
        package var maximumDelay: TimeInterval
        /// The share of each delay drawn at random (0: none, 1: full jitter between 0 and the delay).
        package var jitter: Double

        /// Creates a policy (default: 3 retries, 0.2 s doubling up to 5 s, half of each delay jittered).
        public init(maxRetries: Int = 3, initialDelay: TimeInterval = 0.2, maximumDelay: TimeInterval = 5, jitter: Double = 0.5) {
            self.maxRetries = max(0, maxRetries)
            self.initialDelay = max(0, initialDelay)
            self.maximumDelay = max(0, maximumDelay)
            self.jitter = min(1, max(0, jitter))
        }

        /// The backoff before retry `retry` (1-based), given a random draw in `0...1`.
        package func delay(beforeRetry retry: Int, random: Double) -> TimeInterval {
            let exponent = Double(min(max(retry - 1, 0), 30))
            let base = min(maximumDelay, initialDelay * pow(2, exponent))
            return base * (1 - jitter) + base * jitter * min(1, max(0, random))
        }
    }

    /// How a ``CredentialClient`` reaches the service and judges freshness.
    public struct Configuration: Sendable {
        /// The token service's base URL, e.g. `https://identity.example.com`.
        public var baseURL: URL
        /// The app name in `/v1/apps/{app}/...`.
        public var app: String
        /// A credential is refreshed this long before its expiry (default 60 s), at most half its
        /// lifetime: the margin scales down for short-lived credentials.
        public var refreshMargin: TimeInterval
        /// A cached credential with less than this left is never handed out: callers wait for a
        /// fresh one (default 5 s). A credential with less than twice this left when it arrives is
        /// not cached at all: it goes to the callers of its fetch only.
        public var minimumRemaining: TimeInterval
        /// How long one attempt may take (default 10 s).
        public var timeout: TimeInterval
        /// How long one fetch may take in all, attempts and backoff included (default 15 s): a
        /// service that never answers fails the call with `network_error` by then.
        public var deadline: TimeInterval
        /// The most entries the cache holds (default 256, what an app needs for a handful of
        /// users and providers); a server minting for many users raises it. Beyond it, the least
        /// recently used entry is evicted (fetches in flight are kept); expired entries are swept out.
        public var maximumCachedCredentials: Int
        /// Retries with backoff.
        public var retry: RetryPolicy
        /// The lifetime of a JWT credential that carries `iat` but no `exp` (default 24 h: the
        /// Helpshift Identity System rule, "iat must be less than 24 hours old").
        package var lifetimeWithoutExp: TimeInterval
        /// The device clock: expiry (on its monotonic reading), backoff, timeouts and the deadline.
        public var clock: any ClientClock
        /// Sends the requests.
        public var transport: any ClientTransport
        /// Where the client logs (never a token or an email).
        public var logger: Logger
        /// Where the counters are created (default: the global `MetricsSystem.factory`).
        public var metrics: any MetricsFactory
        /// A random draw in `0...1` for the backoff jitter.
        public var random: @Sendable () -> Double

        /// Creates a configuration.
        public init(
            baseURL: URL, app: String, refreshMargin: TimeInterval = 60, minimumRemaining: TimeInterval = 5, timeout: TimeInterval = 10,
            deadline: TimeInterval = 15, maximumCachedCredentials: Int = 256,
            retry: RetryPolicy = RetryPolicy(), lifetimeWithoutExp: TimeInterval = 24 * 60 * 60,
            clock: any ClientClock = SystemClientClock(),
            transport: any ClientTransport = URLSessionTransport(), logger: Logger = Logger(label: "IdentityBridge.client"),
            metrics: any MetricsFactory = MetricsSystem.factory, random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
        ) {
            self.baseURL = baseURL
            self.app = app
            self.refreshMargin = max(0, refreshMargin)
            self.minimumRemaining = max(0, minimumRemaining)
            self.timeout = timeout
            self.deadline = max(0, deadline)
            self.maximumCachedCredentials = max(1, maximumCachedCredentials)
            self.retry = retry
            self.lifetimeWithoutExp = lifetimeWithoutExp
            self.clock = clock
            self.transport = transport
            self.logger = logger
            self.metrics = metrics
            self.random = random
        }
    }
}
