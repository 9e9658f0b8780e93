import ArgumentParser
import Hummingbird
import IdentityBridge
import Logging

/// `identityctl bare-serve` (hidden): a bare Hummingbird route answering a constant JSON body, the
/// baseline `Benchmarks/service-load.sh` compares the token service with. It answers at the
/// credentials route's own template (`POST /v1/apps/:app/providers/:provider/credentials`), so both
/// sides parse the same request line and the router descends the same depth: the difference is
/// the service's own work (authentication, body, issuing, answer, logs and metrics).
struct BareServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bare-serve",
        abstract: "Benchmark baseline: POST /v1/apps/:app/providers/:provider/credentials answers a constant JSON body.",
        shouldDisplay: false)

    @Option(name: .long, help: "The address to listen on.") var host: String = "127.0.0.1"
    @Option(name: .long, help: "The port to listen on (0: any free port).") var port: Int = 0
    @Option(name: .customLong("body-size"), help: "The JSON body's size in bytes.") var bodySize: Int = 512

    func run() async throws {
        let padding = String(repeating: "x", count: max(0, bodySize - #"{"padding":""}"#.utf8.count))
        let body = JSONValue.object(["padding": .string(padding)]).jsonString
        let router = Router()
        router.post("/v1/apps/:app/providers/:provider/credentials") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 65_536)
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        let output = CLIEnvironment.current.output
        let host = self.host
        var logger = Logger(label: "identityctl.bare-serve")
        logger.logLevel = .notice
        let app = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                output.json(["event": "listening", "host": .string(host), "port": .int(Int64(channel.localAddress?.port ?? 0))])
            }, logger: logger)
        try await app.runService()
    }
}
