import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// Why the interop tests could not talk to Python.
struct PythonInteropFailure: Error, CustomStringConvertible {
    let description: String
}

/// Runs ``pythonInteropScript`` with `python3` (found on PATH) as an independent implementation.
enum PythonInterop {
    /// The `python3` executable on PATH, or a test failure saying how to get one. The interop
    /// tests never skip silently: without Python they fail.
    static func python3() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let message =
            "python3 was not found on PATH (\(path)). The cross-language interop tests need Python 3 (stdlib only) as an independent JWT/HMAC implementation; install python3 and run the tests again."
        Issue.record("\(message)")
        throw PythonInteropFailure(description: message)
    }

    /// Sends `jobs` to the script and returns its results, one per job. A job the script could not
    /// run fails the test with the script's own explanation.
    static func run(_ jobs: [JSONValue]) throws -> [JSONValue] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("identitybridge-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("interop.py")
        let input = directory.appendingPathComponent("jobs.json")
        try Data(pythonInteropScript.utf8).write(to: script)
        try Data(JSONValue.array(jobs).jsonString.utf8).write(to: input)

        let process = Process()
        process.executableURL = try python3()
        process.arguments = [script.path]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonInteropFailure(
                description: "python3 exited with \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        let results = try JSONValue.parse(String(decoding: output, as: UTF8.self)).arrayValue ?? []
        guard results.count == jobs.count else {
            throw PythonInteropFailure(description: "python3 answered \(results.count) results for \(jobs.count) jobs")
        }
        for (job, result) in zip(jobs, results) {
            if let error = result["error"]?.stringValue { Issue.record("python3 could not run \(job.jsonString): \(error)") }
        }
        return results
    }

    /// Runs one job.
    static func run(_ job: JSONValue) throws -> JSONValue {
        try run([job])[0]
    }
}

/// The secrets of the interop configuration: long, one with non-ASCII characters (secrets are
/// keyed as raw UTF-8 bytes).
enum InteropSecrets {
    static let helpshift = "interop-helpshift-secret-0123456789abcdef"
    static let helpshiftIdentity = "interop-helpshift-identity-secret-0123456789"
    static let support = "interop-zendesk-support-secret-0123456789abcdef"
    static let chatAccountKey = "interop-chat-account-key-0123456789"
    static let chat = "interop-zendesk-chat-secret-0123456789abcdef"
    static let messagingKeyID1 = "app_interop_key_1"
    static let messaging1 = "interop-messaging-secret-ü-1-0123456789abcdef"
    static let messagingKeyID2 = "app_interop_key_2"
    static let messaging2 = "interop-messaging-secret-2-0123456789abcdef"

    static let variables = [
        "HS_SECRET": helpshift, "HS_IDENTITY_SECRET": helpshiftIdentity, "SUPPORT_SECRET": support,
        "CHAT_ACCOUNT_KEY": chatAccountKey, "CHAT_SECRET": chat, "MSG_SECRET_1": messaging1, "MSG_SECRET_2": messaging2,
    ]

    /// The `digest_input` and `digest_encoding` choices; one Helpshift instance per pair, named `hs-INPUT-ENCODING`.
    static let digestInputs = ["auto", "user_id", "email", "user_id_and_email"]
    static let digestEncodings = ["hex", "base64", "base64_unpadded"]

    /// The configuration: app `interop` with one instance per Helpshift digest variant, one
    /// Helpshift instance with the Identity System, and one of each Zendesk kind.
    static func configuration() throws -> String {
        var yaml = "apps:\n  interop:\n    providers:\n"
        for input in digestInputs {
            for encoding in digestEncodings {
                yaml += """
                          - kind: helpshift
                            name: hs-\(input)-\(encoding)
                            identity_verification: true
                            secret: ${HS_SECRET}
                            digest_input: \(input)
                            digest_encoding: \(encoding)

                    """
            }
        }
        yaml += """
                  - kind: helpshift
                    name: hs-identity
                    identity_verification: true
                    secret: ${HS_SECRET}
                    identity_system: true
                    identity_secret: ${HS_IDENTITY_SECRET}
                  - kind: zendesk-support
                    auth: jwt
                    secret: ${SUPPORT_SECRET}
                    user_token_lifetime: 10m
                  - kind: zendesk-chat
                    account_key: ${CHAT_ACCOUNT_KEY}
                    secret: ${CHAT_SECRET}
                    token_lifetime: 5m
                  - kind: zendesk-messaging
                    signing_keys:
                      - key_id: \(messagingKeyID1)
                        secret: ${MSG_SECRET_1}
                      - key_id: \(messagingKeyID2)
                        secret: ${MSG_SECRET_2}
                    token_lifetime: 1h

            """
        return try temporaryFile(yaml, name: "interop.yaml")
    }
}

/// Runs identityctl in-process with the built-in kinds and the interop secrets.
func interopCTL(_ arguments: [String]) async -> CLIRun {
    let capture = CapturedOutput()
    let environment = CLIEnvironment(
        configEnvironment: ConfigEnvironment(variables: InteropSecrets.variables), output: capture.output,
        input: .lines([]))
    let status = await IdentityCTL.run(arguments, environment: environment)
    return CLIRun(status: status, stdout: capture.stdoutLines, stderr: capture.stderrLines)
}
