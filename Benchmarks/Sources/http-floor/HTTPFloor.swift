// The HTTP floor under the token service (issue 27): the cheapest answer each layer can give to the
// credentials route's request, for `Benchmarks/http-floor.sh` to load side by side.
//
//     http-floor nio|hummingbird [--host 127.0.0.1] [--port N]     (N: --port, else $PORT, else 0 = any free port)
//
// `nio`: a bare NIO HTTP/1 server (ServerBootstrap, `configureHTTPServerPipeline()`, one
// `ChannelInboundHandler` answering every POST with `FloorAnswer.body` on the request's end; keep-alive).
// `hummingbird`: a bare Hummingbird 2 `Application`, default settings, no middleware, one POST route
// at the credentials route's template answering the same bytes after reading the body.
// Both run on `MultiThreadedEventLoopGroup.singleton`, print `{"event":"listening",...,"port":N}` on
// stdout once bound, and end on SIGTERM or SIGINT (NIO: the signals' default action; Hummingbird:
// its service group's graceful shutdown).
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The answer both modes give: the shape and size of the service's `zendesk-chat` credentials answer
/// for `../shared/peers/post.lua`'s body (`identityctl token`'s output of 2026-11-26, frozen).
enum FloorAnswer {
    static let body = ByteBuffer(
        string:
            #"{"app":"demo","credential":{"jwt":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoiQW5uIEV4YW1wbGUiLCJlbWFpbCI6ImFubkBleGFtcGxlLmNvbSIsImV4dGVybmFsX2lkIjoidS0xIiwiaWF0IjoxNzk1NjY1NTE2LCJleHAiOjE3OTU2NjU4MTZ9.yPPC-jjj14hBlJsxNqrBpLkXOR-jayWHgLOGwyBzvdg"},"kind":"zendesk-chat","provider":"zendesk-chat"}"#
    )
    /// The Hummingbird route's path (the NIO handler answers any path).
    static let path = "/v1/apps/:app/providers/:provider/credentials"
}

/// Answers every POST request with ``FloorAnswer/body`` once the request has ended, anything else
/// with 404; closes the connection after the answer when the request did not ask for keep-alive.
final class FloorHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private static let headers = HTTPHeaders([
        ("Content-Type", "application/json"), ("Content-Length", String(FloorAnswer.body.readableBytes)),
    ])
    private static let notFound = HTTPHeaders([("Content-Length", "0")])
    private var head: HTTPRequestHead?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            let found = head.method == .POST
            var headers = found ? Self.headers : Self.notFound
            if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
            let answer = HTTPResponseHead(version: head.version, status: found ? .ok : .notFound, headers: headers)
            context.write(wrapOutboundOut(.head(answer)), promise: nil)
            if found { context.write(wrapOutboundOut(.body(.byteBuffer(FloorAnswer.body))), promise: nil) }
            let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !head.isKeepAlive { written.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
        }
    }
}

@main
enum HTTPFloor {
    static func main() async throws {
        var arguments = CommandLine.arguments.dropFirst()
        let mode = arguments.popFirst() ?? ""
        var host = "127.0.0.1"
        var port = Int(getenv("PORT").map { String(cString: $0) } ?? "0") ?? -1
        while let option = arguments.popFirst() {
            switch (option, arguments.popFirst()) {
            case ("--host", let value?): host = value
            case ("--port", let value?): port = Int(value) ?? -1
            default: fail("unknown option \(option) (or it lacks its value)")
            }
        }
        guard (0...65_535).contains(port) else { fail("the port is not 0 through 65535") }
        switch mode {
        case "nio": try await runNIO(host: host, port: port)
        case "hummingbird": try await runHummingbird(host: host, port: port)
        default: fail("the mode is nio or hummingbird")
        }
    }

    static func runNIO(host: String, port: Int) async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(FloorHandler())
                }
            }
            .bind(host: host, port: port).get()
        listening("nio", host: host, port: channel.localAddress?.port)
        try await channel.closeFuture.get()
    }

    static func runHummingbird(host: String, port: Int) async throws {
        let router = Router()
        router.post(RouterPath(FloorAnswer.path)) { request, _ -> Response in
            _ = try await request.body.collect(upTo: 65_536)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: FloorAnswer.body))
        }
        let app = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in listening("hummingbird", host: host, port: channel.localAddress?.port) })
        try await app.runService()
    }

    /// Prints the listening line `serve-common.sh`'s `start` waits for, unbuffered.
    static func listening(_ mode: String, host: String, port: Int?) {
        say(#"{"event":"listening","mode":"\#(mode)","host":"\#(host)","port":\#(port ?? 0)}"#, to: 1)
    }

    static func fail(_ message: String) -> Never {
        say("http-floor: \(message); usage: http-floor nio|hummingbird [--host H] [--port N]", to: 2)
        exit(2)
    }

    static func say(_ line: String, to descriptor: Int32) {
        var line = line + "\n"
        line.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
    }
}
