#if TokenService
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// `identity-server`'s tracing, from the standard OpenTelemetry environment: off unless
/// `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set or `OTEL_TRACES_EXPORTER` is
/// `otlp` (and `OTEL_SDK_DISABLED` is not `true`); then spans go over OTLP/HTTP with protobuf (`http/json` is refused: swift-otel
/// writes its ids in base64, OTLP/JSON wants hex) through
/// swift-otel, which reads the rest (`OTEL_SERVICE_NAME`, default `identity-server`; `OTEL_TRACES_SAMPLER` and
/// its argument; `OTEL_BSP_*`; headers, timeout, compression).
struct ServerTracing {
    /// The tracer the routes record spans with.
    let tracer: any Tracer
    /// The exporter and batch processor: started first and stopped last, so the spans of a drain are exported.
    let service: any Service

    /// Why tracing could not be set up from the environment.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// The tracing `environment` asks for, or `nil` when it asks for none.
    static func from(environment: [String: String], logger: Logger) throws(SetupError) -> ServerTracing? {
        if environment["OTEL_SDK_DISABLED"]?.lowercased() == "true" { return nil }
        let exporter = environment["OTEL_TRACES_EXPORTER"]?.lowercased()
        let endpoint = environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] ?? environment["OTEL_EXPORTER_OTLP_ENDPOINT"]
        guard exporter == "otlp" || (exporter == nil && endpoint?.isEmpty == false) else {
            if let exporter, exporter != "none" {
                throw SetupError(description: "OTEL_TRACES_EXPORTER=\(exporter.prefix(32)) is not supported here; use otlp (or none).")
            }
            return nil
        }
        let wire = (environment["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] ?? environment["OTEL_EXPORTER_OTLP_PROTOCOL"] ?? "http/protobuf")
        // swift-otel 1.6 encodes http/json with SwiftProtobuf's JSON mapping, which writes trace and span ids in base64;
        // OTLP/JSON requires hex, so a collector would read other ids (or refuse the batch): refused here rather than sent wrong.
        if wire == "http/json" {
            throw SetupError(
                description:
                    "OTEL_EXPORTER_OTLP_PROTOCOL=http/json is not supported: the exporter would write trace and span ids in base64, "
                    + "not the hex OTLP/JSON requires; use http/protobuf (the default) and the collector's HTTP port (4318).")
        }
        guard wire == "http/protobuf" else {
            throw SetupError(
                description:
                    "OTEL_EXPORTER_OTLP_PROTOCOL=\(wire.prefix(32)): identity-server exports OTLP over HTTP only; use http/protobuf (the default) and the collector's HTTP port (4318)."
            )
        }
        if let endpoint, !endpoint.isEmpty, !(endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://")) {
            throw SetupError(
                description:
                    "The OTLP endpoint must be an http:// or https:// URL (like http://127.0.0.1:4318), not '\(endpoint.prefix(64))'.")
        }
        var configuration = OTel.Configuration.default
        configuration.serviceName = "identity-server"
        configuration.traces.enabled = true
        configuration.traces.exporter = .otlp
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.diagnosticLogger = .custom(logger)
        configuration.diagnosticLogLevel = .warning
        do {
            let backend = try OTel.makeTracingBackend(configuration: configuration)
            return ServerTracing(tracer: backend.factory, service: backend.service)
        } catch {
            throw SetupError(description: "The OpenTelemetry tracing could not be set up: \(error)")
        }
    }
}
#endif
