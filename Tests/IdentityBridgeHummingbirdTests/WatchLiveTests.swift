import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `identity-server` (the deployed binary) reloading when its files change, with no signal: a
/// Kubernetes Secret volume's `..data` swap, an editor's write-and-rename, a burst of writes (one
/// reload), a broken state refused and a later fix picked up; `/readyz` generation and the reload
/// metric; `--no-watch` turning it off while SIGHUP keeps working.
extension ServerProcessSuites {
    @Suite struct WatchLiveTests {
        static let credentials = "/v1/apps/demo/providers/chat/credentials"
        static let firstKey = "watch-api-key-first-0123456789abcdef"
        static let secondKey = "watch-api-key-second-0123456789abcdef"
        /// The line a reload that serves logs (after the new configuration serves and the metric counts it): the
        /// event the tests wait for, then look at `/readyz` and `/metrics` once.
        static let reloaded = "configuration reloaded"
        /// The line a refused reload logs last (after `/readyz` and the metric show it).
        static let refused = "reload refused; the previous configuration keeps serving"

        /// A folder laid out as the kubelet lays out a Secret volume: `NAME -> ..data/NAME`, `..data -> ..N`.
        final class SecretVolume: @unchecked Sendable {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-watch-\(UUID().uuidString)")
            private var generation = 0
            var files: [String: String]

            init(apiKeys: [String]) throws {
                files = [
                    "config.yaml": """
                    apps:
                      demo:
                        service:
                          api_keys_file: api-keys
                        providers:
                          - kind: zendesk-chat
                            name: chat
                            account_key_file: chat-account-key
                            secret_file: chat-secret

                    """,
                    "chat-account-key": "chat-account-key-0123456789\n",
                    "chat-secret": "watch-chat-secret-0123456789abcdef0123\n",
                ]
                files["api-keys"] = apiKeys.map { $0 + "\n" }.joined()
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try publish()
            }

            var configPath: String { directory.appendingPathComponent("config.yaml").path }

            /// Writes every file into a fresh folder, then swaps `..data` to it with one rename.
            func publish() throws {
                generation += 1
                let folder = "..generation-\(generation)"
                try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: false)
                for (name, text) in files {
                    try text.write(
                        to: directory.appendingPathComponent(folder).appendingPathComponent(name), atomically: false, encoding: .utf8)
                    let link = directory.appendingPathComponent(name).path
                    if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil {
                        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "..data/\(name)")
                    }
                }
                let temporary = directory.appendingPathComponent("..data_tmp").path
                try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: folder)
                guard rename(temporary, directory.appendingPathComponent("..data").path) == 0 else { throw POSIXError(.EIO) }
            }

            /// Writes every file into the folder `plain` beside `..data` (no symbolic links), as an editor's files lie.
            func plainCopy() throws -> URL {
                let plain = directory.appendingPathComponent("plain")
                try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: false)
                for (name, text) in files { try text.write(to: plain.appendingPathComponent(name), atomically: true, encoding: .utf8) }
                return plain
            }

            func remove() { try? FileManager.default.removeItem(at: directory) }
        }

        static func ready(_ server: ServeProcess) throws -> JSONValue {
            let (status, body) = try server.request("/readyz", method: "GET", bearer: nil)
            #expect(status == 200, "\(body)")
            return try JSONValue.parse(body)
        }

        static func generation(_ server: ServeProcess) -> Int64 { (try? ready(server))?["generation"]?.intValue ?? 0 }

        static func status(_ server: ServeProcess, key: String) throws -> Int {
            try server.request(credentials, body: ServiceRouteTests.user, bearer: key).0
        }

        static func reloads(_ server: ServeProcess, _ result: String) throws -> String? {
            let metrics = try server.request("/metrics", method: "GET", bearer: nil).1
            return metrics.split(separator: "\n").first { $0.hasPrefix("identitybridge_config_reloads_total{result=\"\(result)\"}") }
                .map { String($0.split(separator: " ").last ?? "") }
        }

        @Test func aDataSwapRotatesTheAPIKeyWithoutASignal() async throws {
            let volume = try SecretVolume(apiKeys: [Self.firstKey])
            defer { volume.remove() }
            let server = try ServeProcess.listening(
                config: volume.configPath, environment: [:], arguments: ["--watch-interval", "0.1"])
            defer { server.stop() }
            let first = try Self.ready(server)
            #expect(first["generation"] == 1)
            let digest = try #require(first["inputs_digest"]?.stringValue)
            #expect(digest.count == 16)
            #expect(try Self.reloads(server, "ok") == "0")
            #expect(try Self.reloads(server, "refused") == "0")
            #expect(try Self.status(server, key: Self.secondKey) == 401)

            volume.files["api-keys"] = "\(Self.firstKey)\n\(Self.secondKey)\n"
            try volume.publish()
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 1), "\(server.errorOutput)")
            #expect(Self.generation(server) == 2)
            #expect(try Self.status(server, key: Self.firstKey) == 200)
            #expect(try Self.status(server, key: Self.secondKey) == 200)
            #expect(try Self.ready(server)["inputs_digest"]?.stringValue != digest)
            #expect(try Self.reloads(server, "ok") == "1")
            // No secret and no hash of one in the answer.
            #expect(try !server.request("/readyz", method: "GET", bearer: nil).1.contains(Self.secondKey))

            volume.files["api-keys"] = "\(Self.secondKey)\n"
            try volume.publish()
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 2), "\(server.errorOutput)")
            #expect(Self.generation(server) == 3)
            #expect(try Self.status(server, key: Self.firstKey) == 401)
            #expect(try Self.status(server, key: Self.secondKey) == 200)
            #expect(server.errorOutput.contains("configuration input changed: reloading"))
        }

        @Test func aBrokenStateIsRefusedAndTheLaterFixIsPickedUp() async throws {
            let volume = try SecretVolume(apiKeys: [Self.firstKey])
            defer { volume.remove() }
            let server = try ServeProcess.listening(
                config: volume.configPath, environment: [:], arguments: ["--watch-interval", "0.1"])
            defer { server.stop() }

            volume.files["api-keys"] = "\n\n"
            try volume.publish()
            #expect(await server.waitForErrorLine(containing: Self.refused, count: 1), "\(server.errorOutput)")
            #expect(try Self.reloads(server, "refused") == "1")
            #expect(server.errorOutput.contains("is empty; write one secret per line"))
            #expect(Self.generation(server) == 1)
            #expect(try Self.status(server, key: Self.firstKey) == 200)

            // The fix names a file that does not exist yet: refused, then its creation is noticed.
            volume.files["api-keys"] = "\(Self.secondKey)\n"
            volume.files["config.yaml"] = volume.files["config.yaml"]!.replacingOccurrences(of: "chat-secret\n", with: "new-chat-secret\n")
            try volume.publish()
            #expect(await server.waitForErrorLine(containing: Self.refused, count: 2), "\(server.errorOutput)")
            #expect(try Self.reloads(server, "refused") == "2")
            #expect(Self.generation(server) == 1)
            volume.files["new-chat-secret"] = "watch-new-chat-secret-0123456789abcdef\n"
            try volume.publish()
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 1), "\(server.errorOutput)")
            #expect(Self.generation(server) == 2)
            #expect(try Self.status(server, key: Self.secondKey) == 200)
            #expect(try Self.reloads(server, "ok") == "1")
        }

        @Test func aWriteAndRenameBurstReloadsOnce() async throws {
            // A plain folder (no symbolic links): the editor's way, write a new file and rename it over the old one.
            let volume = try SecretVolume(apiKeys: [Self.firstKey])
            defer { volume.remove() }
            let plain = try volume.plainCopy()
            // A settle period (500 ms, the most) that a burst of back-to-back writes fits in even on a loaded machine.
            let server = try ServeProcess.listening(
                config: plain.appendingPathComponent("config.yaml").path, environment: [:], arguments: ["--watch-interval", "1"])
            defer { server.stop() }
            for index in 0..<6 {
                // `atomically: true` writes a temporary file and renames it over the target.
                try "\(Self.firstKey)\nburst-key-\(index)-0123456789abcdef\n".write(
                    to: plain.appendingPathComponent("api-keys"), atomically: true, encoding: .utf8)
            }
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 1), "\(server.errorOutput)")
            #expect(Self.generation(server) == 2)
            #expect(try Self.status(server, key: "burst-key-5-0123456789abcdef") == 200)
            #expect(try Self.status(server, key: "burst-key-4-0123456789abcdef") == 401)
            // One later change, waited for by the second reload line, instead of a pause: had the burst reloaded more
            // than once, that line would be the burst's, and the change would be generation 4 or later.
            try "after-burst-key-0123456789abcdef\n".write(to: plain.appendingPathComponent("api-keys"), atomically: true, encoding: .utf8)
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 2), "\(server.errorOutput)")
            #expect(try Self.status(server, key: "after-burst-key-0123456789abcdef") == 200)
            #expect(Self.generation(server) == 3, "one reload for the burst, one for the later change")
            #expect(try Self.reloads(server, "ok") == "2")
        }

        @Test func aFileMissingWhenALoadIsRefusedIsWatchedUntilItAppears() async throws {
            // A plain folder: only the new file's creation changes after the refusal, nothing else.
            let volume = try SecretVolume(apiKeys: [Self.firstKey])
            defer { volume.remove() }
            let plain = try volume.plainCopy()
            let server = try ServeProcess.listening(
                config: plain.appendingPathComponent("config.yaml").path, environment: [:], arguments: ["--watch-interval", "0.1"])
            defer { server.stop() }
            let config = volume.files["config.yaml"]!.replacingOccurrences(of: "api_keys_file: api-keys", with: "api_keys_file: new-keys")
            try config.write(to: plain.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
            #expect(await server.waitForErrorLine(containing: Self.refused, count: 1), "\(server.errorOutput)")
            #expect(try Self.reloads(server, "refused") == "1")
            #expect(try Self.status(server, key: Self.firstKey) == 200)
            try "\(Self.secondKey)\n".write(to: plain.appendingPathComponent("new-keys"), atomically: true, encoding: .utf8)
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 1), "\(server.errorOutput)")
            #expect(Self.generation(server) == 2)
            #expect(try Self.status(server, key: Self.secondKey) == 200)
            #expect(try Self.status(server, key: Self.firstKey) == 401)
        }

        @Test func noWatchIgnoresChangesAndSIGHUPStillReloads() async throws {
            let volume = try SecretVolume(apiKeys: [Self.firstKey])
            defer { volume.remove() }
            // With the shortest interval, which --no-watch must override.
            let server = try ServeProcess.listening(
                config: volume.configPath, environment: [:], arguments: ["--no-watch", "--watch-interval", "0.05"])
            defer { server.stop() }
            // A witness watching the same files ten times more slowly: once it has reloaded, a watching server would have too.
            let witness = try ServeProcess.listening(
                config: volume.configPath, environment: [:], arguments: ["--watch-interval", "0.5"])
            defer { witness.stop() }
            volume.files["api-keys"] = "\(Self.secondKey)\n"
            try volume.publish()
            #expect(await witness.waitForErrorLine(containing: Self.reloaded, count: 1), "\(witness.errorOutput)")
            #expect(Self.generation(witness) == 2)
            #expect(Self.generation(server) == 1)
            #expect(try Self.status(server, key: Self.secondKey) == 401)
            server.signal(SIGHUP)
            #expect(await server.waitForErrorLine(containing: Self.reloaded, count: 1), "\(server.errorOutput)")
            #expect(Self.generation(server) == 2)
            #expect(try Self.status(server, key: Self.secondKey) == 200)
        }
    }
}
