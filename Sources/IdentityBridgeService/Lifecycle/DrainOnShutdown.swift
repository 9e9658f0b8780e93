#if TokenService
import Logging
import ServiceLifecycle

/// Marks the service draining (`/readyz` 503) as soon as the group starts shutting down.
package struct DrainOnShutdown: Service {
    let service: TokenService

    package init(service: TokenService) { self.service = service }

    package func run() async throws {
        try await gracefulShutdown()
        service.state.beginDraining()
        service.logger.notice(
            "draining: /readyz answers 503, the listener closes, requests already received are answered",
            metadata: ["deadline_s": "\(service.limits.drainTimeout.components.seconds)"])
    }
}
#endif
