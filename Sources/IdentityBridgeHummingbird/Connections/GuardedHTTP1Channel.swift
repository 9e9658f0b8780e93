#if TokenService
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 child channel with the token service's guards (`TokenService/Limits`):
/// Hummingbird's own `idleTimeout` closes idle keep-alive connections; a ``ConnectionGuard`` after
/// the HTTP decoder enforces the head and body deadlines, refuses a request without `Host`, answers
/// only health probes past the connection cap, and drains on shutdown; its ``ConnectionGuard/FirstByte``
/// at the front of the pipeline starts a head's deadline at its first byte.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let limits: TokenService.Limits
    let connections: ConnectionCounter
    /// Where requests and connections refused before routing are counted.
    let metrics: ServiceMetrics?

    init(
        responder: @escaping HTTPChannelHandler.Responder, limits: TokenService.Limits, connections: ConnectionCounter,
        metrics: ServiceMetrics? = nil
    ) {
        http1 = HTTP1Channel(responder: responder, configuration: .init(idleTimeout: TimeAmount(limits.idleTimeout)))
        self.limits = limits
        self.connections = connections
        self.metrics = metrics
    }

    /// Sets up Hummingbird's pipeline, then inserts the guards.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let open = connections.opened()
        let connections = self.connections
        channel.closeFuture.whenComplete { _ in connections.closed() }
        guard open <= limits.maxConnections + TokenService.Limits.probeConnections else {
            logger.debug("connection refused: too many open", metadata: ["open": "\(open)"])
            metrics?.recordRefusedConnection()
            return channel.eventLoop.makeFailedFuture(ChannelError.inputClosed)
        }
        let limits = self.limits
        let metrics = self.metrics
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let connectionGuard = ConnectionGuard(limits: limits, probesOnly: open > limits.maxConnections, metrics: metrics)
            try pipeline.addHandler(connectionGuard, position: .after(decoder))
            try pipeline.addHandler(ConnectionGuard.FirstByte(connectionGuard), position: .first)
            return value
        }
    }

    /// Runs Hummingbird's request loop.
    func handle(value: Value, logger: Logger) async { await http1.handle(value: value, logger: logger) }
}
#endif
