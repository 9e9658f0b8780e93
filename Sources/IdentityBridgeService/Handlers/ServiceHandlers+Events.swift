#if TokenService
import NIOCore
import IdentityBridge

/// The vendor events route.
extension ServiceHandlers {
    /// `POST .../events`: JSON lines of raw vendor events in, JSON lines of uniform events out.
    func events<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let headers = request.headers
        try requireAPIKey(served, headers)
        let instance = try instance(served, request)
        let reference = instance.instance.reference
        guard let mapping = instance.instance.plugin as? any VendorEventMapping else {
            throw ServiceFailure(
                404,
                IdentityError(
                    .unsupportedOperation, field: "provider", message: "The \(reference.kind) plugin does not map vendor events.",
                    recovery: "Use an instance whose vendor SDK emits events.", provider: reference))
        }
        let bytes = try await Self.body(request, limit: served.service.bodyLimit)
        try Self.requireContentType(headers, VendorEventLines.mediaTypes)
        guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else {
            throw ServiceFailure(
                400,
                IdentityError(
                    .invalidValueType, field: "body", message: "The request body is not UTF-8 text.", recovery: "Send JSON lines."))
        }
        let now = instance.clock.now()
        let lines = VendorEventLines.map(text, outputLimit: VendorEventLines.outputLimit(bodyLimit: served.service.bodyLimit)) {
            name, data throws(IdentityError) in
            try mapping.mapVendorEvent(name: name, data: data, provider: reference, timestamp: now)
        }
        return .json(200, text: lines, contentType: "application/x-ndjson")
    }
}
#endif
