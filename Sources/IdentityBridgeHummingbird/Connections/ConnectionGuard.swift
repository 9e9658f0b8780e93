#if TokenService
import IdentityBridge
import NIOCore
import NIOHTTP1

/// One connection's guard, after the HTTP/1.1 decoder (see ``GuardedHTTP1Channel``):
///
/// - closes the connection when a request's head takes longer than
///   `TokenService/Limits/headTimeout` from its first byte (reported by ``FirstByte``), or its body
///   longer than `TokenService/Limits/bodyTimeout` after the head;
/// - answers 400 to an HTTP/1.1 request without exactly one `Host` (RFC 9112 §3.2), and, on a
///   connection accepted past `TokenService/Limits/maxConnections`, 503 to anything but
///   `GET /healthz` and `GET /readyz`; then closes;
/// - closes after a response that says `Connection: close`;
/// - drains on shutdown (NIO's `ChannelShouldQuiesceEvent`, which it keeps from Hummingbird's own
///   handler, which would close an idle connection at once, under a request already on its way):
///   every request already received is answered with `Connection: close`, an idle connection
///   gets `TokenService/Limits/drainIdleGrace` for a request on its way, and whatever is still
///   open after `TokenService/Limits/drainTimeout` is closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the connection is reading.
    enum Phase {
        /// Nothing: between requests.
        case idle
        /// A request's head (its first byte has arrived).
        case head
        /// A request's body.
        case body
        /// Nothing more of the last request: its response is being computed.
        case answered
        /// A refused request, whose parts are dropped until the connection closes.
        case refused
    }

    let limits: TokenService.Limits
    /// Accepted past the connection cap: only health probes are answered, then the connection closes.
    let probesOnly: Bool
    /// Where a refused request is counted (`ServiceMetrics/recordRefusedRequest(status:)`).
    let metrics: ServiceMetrics?
    private var phase = Phase.idle
    /// Requests passed on whose response has not ended.
    private var pending = 0
    private var draining = false
    /// Close once the response being written ends.
    private var closeAfterResponse = false
    /// When the current head or body began: its deadline is armed only if a read ends with it incomplete.
    private var phaseStart = NIODeadline.uptimeNanoseconds(0)
    /// When bytes of a next request (pipelined) arrived while a response was being computed, before
    /// its head was complete: its head deadline runs from then, once the response has ended.
    private var nextHeadStart: NIODeadline?
    private var deadline: Scheduled<Void>?
    private var drainDeadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(limits: TokenService.Limits, probesOnly: Bool, metrics: ServiceMetrics? = nil) {
        self.limits = limits
        self.probesOnly = probesOnly
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    /// The event loop's clock (an embedded loop's in tests), which the deadlines are scheduled on.
    private var now: NIODeadline { context?.eventLoop.now ?? .now() }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
        drainDeadline?.cancel()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        drainDeadline?.cancel()
        context.fireChannelInactive()
    }

    /// Responses not yet ended.
    var pendingResponses: Int { pending }

    /// Drops the rest of the connection's input and closes it after the responses pending.
    func enterRefused() {
        cancelDeadline()
        phase = .refused
        closeAfterResponse = true
    }

    /// A byte arrived (from ``FirstByte``): between requests, it starts a head and its deadline.
    func bytesArrived() {
        switch phase {
        case .idle:
            phase = .head
            phaseStart = now
        case .answered where nextHeadStart == nil:
            nextHeadStart = now
        default: break
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard phase != .refused else { return }
            cancelDeadline()
            nextHeadStart = nil
            if let refusal = refusal(of: head) {
                refuse(refusal, version: head.version, context: context)
                return
            }
            if probesOnly { closeAfterResponse = true }
            pending += 1
            phase = .body
            phaseStart = now
        case .body:
            guard phase != .refused else { return }
        case .end:
            guard phase != .refused else { return }
            cancelDeadline()
            phase = .answered
        }
        context.fireChannelRead(data)
    }

    /// A read ended: a head or body still incomplete gets its deadline (a request that arrives
    /// whole in one read, the common case, schedules no timer).
    func channelReadComplete(context: ChannelHandlerContext) {
        if deadline == nil {
            switch phase {
            case .head: schedule(at: phaseStart + TimeAmount(limits.headTimeout))
            case .body: schedule(at: phaseStart + TimeAmount(limits.bodyTimeout))
            case .idle, .answered, .refused: break
            }
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            if draining || closeAfterResponse {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                closeAfterResponse = true
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            pending = max(0, pending - 1)
            if pending == 0, phase == .answered {
                phase = .idle
                if let start = nextHeadStart {
                    // A pipelined head began during the response and is still incomplete.
                    nextHeadStart = nil
                    phase = .head
                    phaseStart = start
                    schedule(at: start + TimeAmount(limits.headTimeout))
                }
            }
            if closeAfterResponse || (draining && pending == 0 && phase == .idle) {
                context.writeAndFlush(data, promise: promise)
                context.close(promise: nil)
            } else {
                context.write(data, promise: promise)
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // Kept from Hummingbird's handler: it would close an idle connection at once.
        guard !draining else { return }
        draining = true
        drainDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.drainTimeout)) { [weak self] in
            self?.context?.close(promise: nil)
        }
        if pending == 0, phase == .idle {
            // A request may be on its way: it gets a moment, then the idle connection closes.
            let grace = min(limits.drainIdleGrace, limits.drainTimeout)
            context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(grace)) { [weak self] in
                guard let self, self.pending == 0, self.phase == .idle else { return }
                self.context?.close(promise: nil)
            }
        }
    }

    private func schedule(at time: NIODeadline) {
        deadline?.cancel()
        deadline = context?.eventLoop.assumeIsolated().scheduleTask(deadline: time) { [weak self] in
            // Too slow: the client is closed (no answer: it is not reading one in time either).
            self?.context?.close(promise: nil)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}
#endif
