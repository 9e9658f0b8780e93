import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import IdentityBridgeHummingbird
@testable import IdentityBridgeService

/// ``ConnectionGuard``'s deadlines on an embedded channel, whose clock the test moves: a head
/// pipelined during a response gets the head deadline, and the drain's idle grace is the configured one.
@Suite struct ConnectionGuardTests {
    /// A connected embedded channel with a guard of `limits`.
    func channel(_ limits: TokenService.Limits) throws -> (EmbeddedChannel, ConnectionGuard) {
        let connectionGuard = ConnectionGuard(limits: limits, probesOnly: false)
        let channel = EmbeddedChannel(handler: connectionGuard)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, connectionGuard)
    }

    /// One request answered, with `nextBytes` arriving while its response is computed.
    func answerOneRequest(_ channel: EmbeddedChannel, _ connectionGuard: ConnectionGuard, nextBytes: Bool) throws {
        connectionGuard.bytesArrived()
        try channel.writeInbound(
            HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/healthz", headers: ["Host": "x"])))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        if nextBytes {
            // Half of the next (pipelined) head arrives during the response, then nothing more.
            connectionGuard.bytesArrived()
            channel.pipeline.fireChannelReadComplete()
        }
        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
    }

    @Test func aPartialHeadPipelinedDuringAResponseIsClosedAtTheHeadDeadline() throws {
        let limits = TokenService.Limits(idleTimeout: .seconds(60), headTimeout: .seconds(10))
        let (slow, slowGuard) = try channel(limits)
        try answerOneRequest(slow, slowGuard, nextBytes: true)
        slow.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(slow.isActive)
        slow.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!slow.isActive, "the partial head was still open 11 s after its first byte (head deadline 10 s)")

        // Without bytes of a next request, the connection is idle: the guard closes nothing (the idle timeout is Hummingbird's).
        let (idle, idleGuard) = try channel(limits)
        try answerOneRequest(idle, idleGuard, nextBytes: false)
        idle.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(idle.isActive)
        _ = try? idle.finish()
    }

    @Test func theDrainGivesAnIdleConnectionTheConfiguredGrace() throws {
        let limits = TokenService.Limits(drainTimeout: .seconds(25), drainIdleGrace: .seconds(3))
        let (channel, connectionGuard) = try channel(limits)
        try answerOneRequest(channel, connectionGuard, nextBytes: false)
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(2_900))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive, "the idle connection was still open after its 3 s drain grace")
        #expect(TokenService.Limits().drainIdleGrace == .seconds(1))
    }
}
