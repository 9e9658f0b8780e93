#if TokenService
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the service on every SIGHUP until the group shuts down.
package struct ReloadOnHangup: Service {
    let service: TokenService

    package init(service: TokenService) { self.service = service }

    package func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            service.logger.notice("SIGHUP: reloading the configuration", metadata: ["file": "\(service.configPath)"])
            await service.reload()
        }
    }
}
#endif
