import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `identity-server` as a child process on 127.0.0.1 with `--port 0`: reads the listening line,
/// sends real signals, and is always terminated (``stop()`` in a `defer`).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let stdout = Pipe()
    let stderr = Pipe()
    private(set) var port = 0
    private var stderrData = Data()
    private var stderrClosed = false
    /// Waits for what stderr says: each ends when its condition holds of the output so far, or stderr closes.
    private var stderrWaiters: [(condition: @Sendable (String) -> Bool, occurrence: Occurrence)] = []
    private let lock = NSLock()
    /// Signalled once by the termination handler, and again by each wait that saw it, so it stays signalled.
    private let exited = DispatchSemaphore(value: 0)
    /// Signalled once when stderr closes (all the process wrote there is read), and kept signalled likewise.
    private let stderrEOF = DispatchSemaphore(value: 0)

    /// The executable `name` built next to the test bundle.
    static func binary(_ name: String = "identity-server") throws -> URL {
        do {
            var directory = Bundle.main.bundleURL
            for _ in 0..<3 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            for bundle in Bundle.allBundles {
                let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) not built next to the tests"])
        }
    }

    /// Starts `identity-server --config CONFIG --host 127.0.0.1 --port PORT ARGUMENTS...`.
    init(config: String, environment: [String: String] = ServiceFixture.variables, arguments: [String] = [], port: Int = 0) throws {
        process.executableURL = try Self.binary()
        process.arguments = ["--config", config, "--host", "127.0.0.1", "--port", String(port)] + arguments
        process.environment = environment.merging(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]) { a, _ in a }
        process.standardOutput = stdout
        process.standardError = stderr
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.withLock {
                self.stderrData.append(data)
                if data.isEmpty, !self.stderrClosed {
                    self.stderrClosed = true
                    self.stderrEOF.signal()
                }
                let output = String(decoding: self.stderrData, as: UTF8.self)
                self.stderrWaiters.removeAll { waiter in
                    guard self.stderrClosed || waiter.condition(output) else { return false }
                    waiter.occurrence.fire()
                    return true
                }
            }
        }
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    /// Starts `identity-server` as ``init(config:environment:arguments:port:)`` does and waits until it
    /// listens; when it exits first (or 30 s pass), ends it and throws with what it wrote on stderr.
    static func listening(
        config: String, environment: [String: String] = ServiceFixture.variables, arguments: [String] = [], port: Int = 0
    ) throws -> ServeProcess {
        let server = try ServeProcess(config: config, environment: environment, arguments: arguments, port: port)
        let listening: JSONValue?
        do { listening = try server.waitUntilListening() } catch {
            server.stop()
            throw error
        }
        guard listening != nil else {
            server.stop()
            let message = "identity-server did not listen: \(server.errorOutput)"
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: message])
        }
        return server
    }

    /// What the process wrote on stderr so far.
    var errorOutput: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }

    /// Waits until `condition` holds of what the process wrote on stderr so far (checked as each chunk
    /// arrives: the event, not a poll), at most `seconds`; whether it holds at the end (false when stderr
    /// closed first or the time passed).
    func waitForErrorOutput(seconds: Double = 30, until condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        let occurrence = Occurrence()
        lock.withLock {
            if stderrClosed || condition(String(decoding: stderrData, as: UTF8.self)) {
                occurrence.fire()
            } else {
                stderrWaiters.append((condition, occurrence))
            }
        }
        _ = await occurrence.wait(seconds: seconds)
        return condition(errorOutput)
    }

    /// Waits until stderr holds `text` `count` times (each a log line), at most `seconds`.
    func waitForErrorLine(containing text: String, count: Int = 1, seconds: Double = 30) async -> Bool {
        await waitForErrorOutput(seconds: seconds) { $0.components(separatedBy: text).count - 1 >= count }
    }

    /// Waits for `{"event":"listening",...}` and returns it (nil when the process exited first or 30 s passed).
    func waitUntilListening() throws -> JSONValue? {
        var buffer = Data()
        let deadline = Date().addingTimeInterval(30)
        let handle = stdout.fileHandleForReading
        while Date() < deadline {
            // Read only what is there: a process that never writes (or a second wait) ends at the deadline, not never.
            var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1_000))) > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                let value = try JSONValue.parse(line)
                port = Int(value["port"]?.intValue ?? 0)
                return value
            }
        }
        return nil
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits up to `seconds` for the process to exit (its termination handler, not a poll) and for its stderr
    /// to close, so that ``errorOutput`` holds all it wrote; returns its status, or nil.
    func waitForExit(seconds: Double = 20) -> Int32? {
        let deadline = DispatchTime.now() + seconds
        guard exited.wait(timeout: deadline) == .success else { return nil }
        exited.signal()
        if stderrEOF.wait(timeout: deadline) == .success { stderrEOF.signal() }
        return process.terminationStatus
    }

    /// Waits until the server has read everything `connection` sent: the server's end of that connection, in
    /// `/proc/net/tcp`, has nothing left in its receive queue. Polled (every 5 ms, at most `seconds`): the kernel
    /// announces no event for another process's read, and nothing the server writes shows it. The one poll in
    /// these tests, for a half request that must be in the server's hands before a signal.
    func waitUntilRead(_ connection: LoopbackConnection, seconds: Double = 20) async throws -> Bool {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(connection.fd, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EBADF) }
        func hex(_ port: Int) -> String {
            let digits = String(port, radix: 16, uppercase: true)
            return ":" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        let local = hex(port)
        let remote = hex(Int(UInt16(bigEndian: address.sin_port)))
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            // sl local_address rem_address st tx_queue:rx_queue ...: the server's socket is local=port, remote=client.
            let table = String(decoding: FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 4, fields[1].hasSuffix(local), fields[2].hasSuffix(remote) else { continue }
                if fields[4].split(separator: ":").last.flatMap({ Int($0, radix: 16) }) == 0 { return true }
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Ends the process if it still runs (SIGKILL after a grace period).
    func stop() {
        if process.isRunning {
            signal(SIGTERM)
            if waitForExit(seconds: 5) == nil {
                signal(SIGKILL)
                _ = waitForExit(seconds: 5)
            }
        }
        stderr.fileHandleForReading.readabilityHandler = nil
    }

    /// One HTTP/1.1 request to the running service (`Connection: close`); returns status and body.
    func request(_ path: String, method: String = "POST", body: String = "", bearer: String? = ServiceFixture.apiKey) throws -> (
        Int, String
    ) {
        let connection = try LoopbackConnection(port: port)
        defer { connection.close() }
        try connection.send(Self.head(path, method: method, length: body.utf8.count, bearer: bearer) + body)
        return try connection.readResponse()
    }

    static func head(_ path: String, method: String = "POST", length: Int, bearer: String? = ServiceFixture.apiKey) -> String {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
        head += "Content-Length: \(length)\r\n"
        if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
        return head + "\r\n"
    }
}

/// A blocking TCP connection to 127.0.0.1 (enough for a test to hold a request in flight).
final class LoopbackConnection {
    let fd: Int32

    init(port: Int) throws { fd = try loopbackSocket(port: port, timeout: 20) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw POSIXError(.EPIPE) }
            offset += sent
        }
    }

    /// Reads until the server closes; returns the status and the body.
    func readResponse() throws -> (Int, String) {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let statusText = text.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText) else {
            throw POSIXError(.EBADMSG)
        }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }

    func close() { Glibc.close(fd) }
}
