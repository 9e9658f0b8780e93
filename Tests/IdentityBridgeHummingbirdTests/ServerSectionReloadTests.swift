import Foundation
import IdentityBridge
import IdentityBridgeService
import InMemoryLogging
import Logging
import Testing

/// The `server:` section is read at start: a reload that changes it serves the new apps and says, in a warning naming
/// each changed setting, that the server's settings stay as they started.
@Suite struct ServerSectionReloadTests {
    @Test func aReloadThatChangesTheServerSectionWarnsAndKeepsServing() async throws {
        let fixture = try await ServiceFixture(yaml: ServiceFixture.yaml() + "\nserver:\n  port: 8080\n  limits:\n    idle_timeout: 60s\n")
        defer { fixture.remove() }
        let (service, capture) = try await fixture.capturingService(level: .trace)
        let warnings = { capture.entries.filter { $0.level == .warning && $0.message.description.hasPrefix("server settings changed") } }

        // The same section, moved down a line: no warning.
        try fixture.write(ServiceFixture.yaml() + "\n\nserver:\n  port: 8080\n  limits:\n    idle_timeout: 60s\n")
        #expect(await service.reload())
        #expect(warnings().isEmpty)

        try fixture.write(ServiceFixture.yaml() + "\nserver:\n  port: 9090\n  log_level: debug\n")
        #expect(await service.reload())
        let warning = try #require(warnings().first)
        #expect(warning.metadata["changed"]?.description == "server.limits.idle_timeout, server.log_level, server.port")
        #expect(service.state.snapshot?.configuration.server?.entry("server.port")?.text == "9090")
    }
}
