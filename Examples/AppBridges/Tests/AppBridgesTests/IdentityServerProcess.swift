import Foundation
import IdentityBridgeClient
import Synchronization
import Testing

/// A real `identity-server` on loopback, serving the repository's `config.example.yaml` with its
/// development secrets: the binary `IDENTITY_SERVER_BIN` names (`.ci/bridges.sh` sets it to the one the
/// main package built). Started on a free port; the test stops it.
final class IdentityServerProcess: Sendable {
    /// The binary, when the environment names an executable one.
    static let binary: String? = ProcessInfo.processInfo.environment["IDENTITY_SERVER_BIN"].flatMap {
        FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
    }
    /// The demo app's development API key (`config.example.yaml`).
    static let demoAPIKey = "dev-only-demo-api-key-0123456789abcdef"

    private let process: Process
    /// The loopback URL it listens on.
    let url: URL

    /// Starts the server and waits (at most 60 s) for its `{"event":"listening",...,"port":P}` line.
    init() throws {
        let binary = try #require(Self.binary, "IDENTITY_SERVER_BIN names no executable identity-server")
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../config.example.yaml")
            .standardized.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--config", config, "--host", "127.0.0.1", "--port", "0", "--allow-development-secrets", "--log-level", "warning",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = Mutex<String?>(nil)
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var buffer = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    line.withLock { $0 = String(decoding: buffer[..<newline], as: UTF8.self) }
                    break
                }
            }
            ready.signal()
        }
        guard ready.wait(timeout: .now() + 60) == .success, let text = line.withLock({ $0 }),
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            object["event"] as? String == "listening", let port = object["port"] as? Int
        else {
            process.terminate()
            process.waitUntilExit()
            throw ServerDidNotStart()
        }
        url = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    struct ServerDidNotStart: Error {}
}

/// A transport that counts the requests it passes on.
final class CountingTransport: ClientTransport {
    let base: any ClientTransport
    private let count = Mutex(0)
    init(_ base: any ClientTransport) { self.base = base }
    var requests: Int { count.withLock { $0 } }
    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        count.withLock { $0 += 1 }
        return try await base.send(request)
    }
}
