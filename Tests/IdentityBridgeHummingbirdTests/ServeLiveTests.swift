import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `identity-server` as a real process with real signals: SIGHUP with a broken and with a changed
/// configuration, SIGTERM with a request in flight, and the refusal of development secrets.
extension ServerProcessSuites {
    @Suite struct ServeLiveTests {
        static let credentials = "/v1/apps/demo/providers/chat/credentials"

        @Test func sighupWithABrokenConfigurationKeepsTheOldOneServing() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let server = try ServeProcess(config: fixture.configPath)
            defer { server.stop() }
            let listening = try #require(try server.waitUntilListening(), "\(server.errorOutput)")
            #expect(listening["event"] == "listening")
            #expect(listening["host"] == "127.0.0.1")
            #expect(server.port > 0)
            #expect(try server.request(Self.credentials, body: ServiceRouteTests.user).0 == 200)

            try fixture.write(ServiceFixture.yaml(bodyLimit: "lots"))
            server.signal(SIGHUP)
            #expect(await server.waitForErrorLine(containing: "reload refused"), "\(server.errorOutput)")
            #expect(server.errorOutput.contains("body_limit"))
            // /readyz still answers ready (the old generation serves) and shows the refusal.
            let (readyStatus, ready) = try server.request("/readyz", method: "GET", bearer: nil)
            #expect(readyStatus == 200)
            let problem = try JSONValue.parse(ready)["reload_refused"]?["problems"]?.arrayValue?.first
            #expect(problem?["file"]?.stringValue == fixture.configPath, "\(ready)")
            #expect(problem?["message"]?.stringValue?.contains("body_limit") == true)
            // The old configuration keeps serving, under load during the reload too.
            for _ in 0..<20 { #expect(try server.request(Self.credentials, body: ServiceRouteTests.user).0 == 200) }
            #expect(server.process.isRunning)
        }

        @Test func sighupWithAChangedConfigurationSwapsItWithoutFailingRequests() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let environment = ServiceFixture.variables.merging(["NEW_API_KEY": "rotated-api-key-0123456789abcdef0123"]) { a, _ in a }
            let server = try ServeProcess.listening(config: fixture.configPath, environment: environment)
            defer { server.stop() }
            #expect(
                try server.request(Self.credentials, body: ServiceRouteTests.user, bearer: "rotated-api-key-0123456789abcdef0123").0 == 401)

            try fixture.write(ServiceFixture.yaml(apiKeyVariable: "NEW_API_KEY"))
            let failures = Task.detached { () -> Int in
                var failures = 0
                for _ in 0..<40 {
                    let status =
                        (try? server.request(Self.credentials, body: ServiceRouteTests.user, bearer: ServiceFixture.previousAPIKey).0) ?? 0
                    if status != 200 { failures += 1 }
                }
                return failures
            }
            server.signal(SIGHUP)
            #expect(await server.waitForErrorLine(containing: "configuration reloaded"), "\(server.errorOutput)")
            #expect(await failures.value == 0)
            #expect(
                try server.request(Self.credentials, body: ServiceRouteTests.user, bearer: "rotated-api-key-0123456789abcdef0123").0 == 200)
            #expect(try server.request(Self.credentials, body: ServiceRouteTests.user, bearer: ServiceFixture.apiKey).0 == 401)
        }

        @Test func sigtermLetsARequestInFlightCompleteThenExitsZero() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let server = try ServeProcess.listening(config: fixture.configPath)
            defer { server.stop() }
            let body = ServiceRouteTests.user
            let connection = try LoopbackConnection(port: server.port)
            defer { connection.close() }
            // Half the body is sent: the request is in flight when SIGTERM arrives.
            try connection.send(ServeProcess.head(Self.credentials, length: body.utf8.count) + body.prefix(10))
            // The server must have read the half request before the signal: nothing it writes shows that, so the
            // kernel's receive queue of its end of the connection is looked at until it is empty. (A variant that polled
            // for the drain over a kept-alive connection saw that connection closed once in a loaded CI run: not
            // explained yet, see the issue 36 note; this one opens no connection.)
            #expect(try await server.waitUntilRead(connection), "the server never read the half request")
            server.signal(SIGTERM)
            // The drain has begun (its line on stderr), and the request in flight keeps the server running.
            #expect(await server.waitForErrorLine(containing: "draining:"), "\(server.errorOutput)")
            #expect(server.process.isRunning)
            try connection.send(String(body.dropFirst(10)))
            let (status, answer) = try connection.readResponse()
            #expect(status == 200, "\(answer)")
            #expect(server.waitForExit() == 0)
        }

        @Test func aTakenPortNamesTheAddressAndWhatToDo() async throws {
            let fixture = try await ServiceFixture()
            defer { fixture.remove() }
            let first = try ServeProcess.listening(config: fixture.configPath)
            defer { first.stop() }
            let second = try ServeProcess(config: fixture.configPath, port: first.port)
            defer { second.stop() }
            #expect(try second.waitUntilListening() == nil)
            #expect(second.waitForExit() == 1)
            let output = second.errorOutput
            #expect(
                output.contains(
                    "identity-server: cannot listen on 127.0.0.1:\(first.port): Address already in use. Another process listens there"),
                "\(output)")
            #expect(output.contains("--port (0 picks a free one)"))
            #expect(!output.contains("bind(descriptor:"), "\(output)")
            #expect(!output.contains("Error:"), "\(output)")
        }

        @Test func developmentSecretsAreRefusedUnlessAllowed() async throws {
            let fixture = try await ServiceFixture(yaml: ServiceFixture.yaml(apiKeyVariable: "UNSET_KEY:-dev-only-key-0123456789abcdef"))
            defer { fixture.remove() }
            let refused = try ServeProcess(config: fixture.configPath)
            defer { refused.stop() }
            #expect(try refused.waitUntilListening() == nil)
            #expect(refused.waitForExit() == 1)
            #expect(refused.errorOutput.contains("apps.demo.service.api_keys[0]"))
            #expect(!refused.errorOutput.contains("dev-only-key-0123456789abcdef"))

            let allowed = try ServeProcess.listening(config: fixture.configPath, arguments: ["--allow-development-secrets"])
            defer { allowed.stop() }
            #expect(allowed.errorOutput.contains("development secret in use"))
            #expect(try allowed.request(Self.credentials, body: ServiceRouteTests.user, bearer: "dev-only-key-0123456789abcdef").0 == 200)
        }
    }
}
