#if TokenService
import HTTPTypes
import IdentityBridge
package import Logging
import NIOCore
package import Tracing

/// The handlers behind every front end (`IdentityBridgeRoutes` for Hummingbird, `IdentityBridgeVaporRoutes`
/// for Vapor): each answers a ``ServiceAnswer`` for any ``ServiceRequest`` (failures as ``ServiceFailure``),
/// reading the snapshot once so a reload never changes a request midway. The contract's logic is written here
/// once; a front end only turns its request into a ``ServiceRequest`` and the answer into its response.
package struct ServiceHandlers: Sendable {
    /// The live configuration.
    package let state: ServiceState
    /// `/metrics`' source; `nil` serves no `/metrics` (404).
    package let metrics: ServiceMetrics?
    /// Where refusals are logged.
    package let logger: Logger
    /// The tracer of the child spans (signing, a session token's verification); `nil`: none.
    let tracer: (any Tracer)?

    package init(state: ServiceState, metrics: ServiceMetrics?, logger: Logger, tracer: (any Tracer)? = nil) {
        self.state = state
        self.metrics = metrics
        self.logger = logger
        self.tracer = tracer
    }

    /// `route`'s answer to `request`, whichever front end received it; a failure's code lands in the request's record.
    package func respond<Body: ServiceRequestBody>(_ route: ServiceRoute, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        do {
            return try await answer(route, request)
        } catch {
            request.record.code = error.error.code
            throw error
        }
    }

    /// `route`'s answer to `request`.
    func answer<Body: ServiceRequestBody>(_ route: ServiceRoute, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        switch route {
        case .instance(let operation): return try await handle(operation, request)
        case .healthz: return .json(200, ["status": "alive"])
        case .readyz: return ready()
        case .metrics:
            guard let metrics else { throw .noSuchRoute }
            metrics.updateBeforeScrape(state: state)
            return ServiceAnswer(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ByteBuffer(bytes: metrics.exposition()))
        }
    }

    /// One instance operation at `/v1/apps/{app}/providers/{provider}/...`.
    func handle<Body: ServiceRequestBody>(_ operation: ServiceRoute.Operation, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let app = request.app
        guard let snapshot = state.snapshot, let served = snapshot.apps[app] else {
            throw Self.notFound("app", "No app \"\(app.prefix(64))\" is served here.")
        }
        request.record.app = served.name
        // A provider the app serves labels and attributes the request whatever its outcome (a refused key or token,
        // a body too large, a provider outage), not only once the handler reaches it.
        if let named = served.instances[request.provider] { request.record.provider = named.instance.reference }
        switch operation {
        case .jwt: return try await exchange(served, request)
        case .credentials: return try await credentials(served, request)
        case .verify: return try await verify(served, request)
        case .events: return try await events(served, request)
        }
    }

    static func notFound(_ field: String, _ message: String) -> ServiceFailure {
        ServiceFailure(
            404,
            IdentityError(
                .notFound, field: field, message: message, recovery: "Use an app and provider the service configures."))
    }

    func instance<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) throws(ServiceFailure) -> ServedInstance {
        guard let instance = served.instances[request.provider] else {
            throw Self.notFound(
                "provider",
                "App \"\(served.name)\" has no provider \"\(request.provider.prefix(64))\"; it serves \(served.providerList).")
        }
        request.record.provider = instance.instance.reference
        return instance
    }
}
#endif
