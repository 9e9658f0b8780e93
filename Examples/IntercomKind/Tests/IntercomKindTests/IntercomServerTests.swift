import Foundation
import Testing

/// `intercom-server` over loopback, checked by Python (`hmac`, PyJWT): the executable must be built
/// (`swift build --build-tests` builds it next to the tests).
@Suite(.serialized) struct IntercomServerTests {
    static let secrets = [
        "DEMO_API_KEY": "loopback-test-api-key-0123456789abcdef",
        "INTERCOM_WEB_SECRET": "loopback-intercom-web-secret-0123456789abcdef",
        "INTERCOM_IOS_SECRET": "loopback-intercom-ios-secret-0123456789abcdef",
        "INTERCOM_ANDROID_SECRET": "loopback-intercom-android-secret-0123456789",
        "ZENDESK_CHAT_ACCOUNT_KEY": "loopback-zendesk-chat-account-key-0123456",
        "ZENDESK_CHAT_SECRET": "loopback-zendesk-chat-secret-0123456789abcdef",
    ]

    /// The built executable: next to the test bundle.
    static var serverPath: String {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products, products.deletingLastPathComponent()].map { $0.appendingPathComponent("intercom-server").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// A Python with PyJWT: `INTERCOM_PYTHON`, else `python3` when it imports `jwt`, else a venv under
    /// `.build/pyjwt-venv` with PyJWT installed from PyPI (once).
    static func python() throws -> String {
        if let given = ProcessInfo.processInfo.environment["INTERCOM_PYTHON"] { return given }
        if try run("/usr/bin/env", ["python3", "-c", "import jwt"]).status == 0 { return "/usr/bin/env python3" }
        let venv = Fixtures.packageRoot + "/.build/pyjwt-venv"
        if !FileManager.default.fileExists(atPath: venv + "/bin/python") {
            let created = try run("/usr/bin/env", ["python3", "-m", "venv", venv])
            guard created.status == 0 else { throw Failure("python3 -m venv failed: \(created.output)") }
        }
        if try run(venv + "/bin/python", ["-c", "import jwt"]).status != 0 {
            let installed = try run(venv + "/bin/python", ["-m", "pip", "install", "-q", "PyJWT"])
            guard installed.status == 0 else { throw Failure("pip install PyJWT failed: \(installed.output)") }
        }
        return venv + "/bin/python"
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs a program to its end; its status and combined output.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func pythonChecksTheServedIntercomCredentialsAndErrors() async throws {
        let python = try Self.python()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.serverPath)
        server.arguments = ["--config", Fixtures.config, "--host", "127.0.0.1", "--port", "0", "--no-watch", "--log-level", "warning"]
        server.environment = ProcessInfo.processInfo.environment.merging(Self.secrets) { _, new in new }
        let stdout = Pipe()
        server.standardOutput = stdout
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Every process this test starts, it ends: SIGTERM (a drain), then wait.
        defer {
            if server.isRunning { server.terminate() }
            server.waitUntilExit()
        }
        // The first stdout line: {"event":"listening","host":"127.0.0.1","port":P}.
        var line = Data()
        while let byte = try stdout.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        let listening = try JSONSerialization.jsonObject(with: line) as? [String: Any]
        let port = try #require(listening?["port"] as? Int, "no listening line: \(String(decoding: line, as: UTF8.self))")

        let (program, prefix) = python.hasPrefix("/usr/bin/env ") ? ("/usr/bin/env", ["python3"]) : (python, [])
        let checked = try Self.run(
            program,
            prefix + [
                Fixtures.directory + "/check_server.py", String(port), Self.secrets["DEMO_API_KEY"]!, Self.secrets["INTERCOM_WEB_SECRET"]!,
                Self.secrets["INTERCOM_IOS_SECRET"]!,
            ])
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.contains("all checks passed"), "\(checked.output)")
        server.terminate()
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
    }
}
