import ArgumentParser
import Hummingbird
import IdentityBridge
import IdentityBridgeStandard
import Logging

/// `bare-serve`: a bare Hummingbird route answering a constant JSON body, the
/// baseline `Benchmarks/service-load.sh` compares the token service with. It answers at the
/// credentials route's own template (`POST /v1/apps/:app/providers/:provider/credentials`), so both
/// sides parse the same request line and the router descends the same depth: the difference is
/// the service's own work (authentication, body, issuing, answer, logs and metrics).
///
/// With `--config`, `--app` and `--provider` the route does instead the credentials route's
/// required work and nothing more (`MinimalCredentialsRoute`).
@main
struct BareServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bare-serve",
        abstract: "Benchmark baseline: POST /v1/apps/:app/providers/:provider/credentials answers a constant JSON body.")

    @Option(name: .long, help: "The address to listen on.") var host: String = "127.0.0.1"
    @Option(name: .long, help: "The port to listen on (0: any free port).") var port: Int = 0
    @Option(name: .customLong("body-size"), help: "The constant JSON body's size in bytes.") var bodySize: Int = 512
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer with the credentials route's required work (API key, JSON body, issuing) for --app and --provider of this configuration.",
            valueName: "file"))
    var config: String?
    @Option(name: .long, help: ArgumentHelp("The app (with --config).", valueName: "name")) var app: String?
    @Option(name: .long, help: ArgumentHelp("The provider instance (with --config).", valueName: "name")) var provider: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port; use 0 through 65535.") }
        guard (0...1_048_576).contains(bodySize) else { throw ValidationError("--body-size \(bodySize) is not 0 through 1048576 bytes.") }
        guard (config == nil) == (app == nil), (config == nil) == (provider == nil) else {
            throw ValidationError("--config, --app and --provider go together: give all three or none.")
        }
    }

    func run() async throws {
        let router = Router()
        if let config, let app, let provider {
            let route: MinimalCredentialsRoute
            do {
                let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: config)
                route = try MinimalCredentialsRoute(configuration: configuration, app: app, provider: provider)
            } catch {
                print("bare-serve: \(error)")
                throw ExitCode.failure
            }
            router.post("/v1/apps/:app/providers/:provider/credentials") { request, _ in try await route.respond(request) }
        } else {
            let padding = String(repeating: "x", count: max(0, bodySize - #"{"padding":""}"#.utf8.count))
            let body = JSONValue.object(["padding": .string(padding)]).jsonString
            router.post("/v1/apps/:app/providers/:provider/credentials") { request, _ -> Response in
                _ = try await request.body.collect(upTo: 65_536)
                return Response(
                    status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
            }
        }
        let host = self.host
        var logger = Logger(label: "bare-serve")
        logger.logLevel = .notice
        let app = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                let line = JSONValue.object([
                    "event": "listening", "host": .string(host), "port": .int(Int64(channel.localAddress?.port ?? 0)),
                ])
                print(line.jsonString)
                fflush(nil)  // every output stream: the line above reaches a pipe at once
            }, logger: logger)
        try await app.runService()
    }
}
