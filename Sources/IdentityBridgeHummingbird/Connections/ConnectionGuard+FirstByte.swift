#if TokenService
import NIOCore

extension ConnectionGuard {
    /// At the front of a connection's pipeline, before the HTTP decoder: tells its
    /// ``ConnectionGuard`` when bytes arrive, so that a request head's deadline starts at its first
    /// byte (a head sent one byte at a time never reaches the guard as a part before it is complete).
    final class FirstByte: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer

        private let connectionGuard: ConnectionGuard

        init(_ connectionGuard: ConnectionGuard) { self.connectionGuard = connectionGuard }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            connectionGuard.bytesArrived()
            context.fireChannelRead(data)
        }
    }
}
#endif
