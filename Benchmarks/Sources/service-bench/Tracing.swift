import Hummingbird
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import Logging
import OTel
import ServiceLifecycle
import Synchronization

/// The credentials route of a service whose tracer samples every request (swift-otel's OTLP/HTTP tracer, its batch
/// processor exporting to a sink on loopback that answers each export 200), against `off` (no tracer).
func tracing(iterations: Int, apiKey: String, loader: ConfigurationLoader, body: String, off: Side, logger: Logger) async throws {
    let exported = Atomic<Int>(0)
    let sink = Router(context: BasicRequestContext.self)
    sink.post("/v1/traces") { request, _ -> Response in
        let bytes = try await request.body.collect(upTo: 64 << 20)
        exported.wrappingAdd(bytes.readableBytes, ordering: .relaxed)
        return Response(status: .ok, headers: [.contentType: "application/x-protobuf"], body: ResponseBody())
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
        let listening = try await serveOnLoopback(sink, in: &group, logger: logger)
        var configuration = OTel.Configuration.default
        configuration.serviceName = "service-bench"
        configuration.traces.sampler = .alwaysOn
        configuration.traces.otlpExporter.endpoint = "http://127.0.0.1:\(listening)/v1/traces"
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.diagnosticLogger = .custom(logger)
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        group.addTask { try await backend.service.run() }
        let service = TokenService(configPath: "config.example.yaml", loader: loader, logger: logger, tracer: backend.factory)
        do {
            try await service.start()
        } catch let error as TokenService.StartError {
            throw ServiceBenchError(description: error.problems.joined(separator: "; "))
        }
        let on = Side(responder: service.makeRouter().buildResponder(), logger: logger)
        _ = try await on.microsecondsPerRequest(max(1_000, iterations / 20), body: body, apiKey: apiKey)
        let (onUs, offUs) = try await alternate(("tracing_on_us", "tracing_off_us")) {
            try await on.microsecondsPerRequest(iterations, body: body, apiKey: apiKey)
        } and: {
            try await off.microsecondsPerRequest(iterations, body: body, apiKey: apiKey)
        }
        print(
            String(
                format: "tracing_on_us=%.2f tracing_off_us=%.2f tracing_extra_us=%.2f tracing_ratio=%.2f exported_bytes=%d", onUs, offUs,
                onUs - offUs, offUs / onUs, exported.load(ordering: .relaxed)))
        group.cancelAll()
    }
}
