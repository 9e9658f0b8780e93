import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing

/// The secret the test configuration resolves; no CLI output may ever contain it.
let echoSecret = "echo-cli-secret-never-printed-0123456789abcdef"

/// The result of one in-process `identityctl` run.
struct CLIRun {
    let status: Int32
    let stdout: [String]
    let stderr: [String]

    /// Every stdout line parsed as JSON (a line that is not JSON fails the test).
    var json: [JSONValue] {
        stdout.compactMap { line in
            do { return try JSONValue.parse(line) } catch {
                Issue.record("stdout line is not JSON: \(line)")
                return nil
            }
        }
    }

    /// The single JSON object printed on stdout.
    var object: JSONValue? {
        #expect(stdout.count == 1, "expected one JSON line, got \(stdout)")
        return json.first
    }

    var allText: String { (stdout + stderr).joined(separator: "\n") }
}

/// Runs `identityctl` in-process with the echo and plain kinds (or `registry`), capturing output.
func identityctl(
    _ arguments: [String], input: [String] = [], registry: ProviderRegistry = ProviderRegistry([EchoPlugin(), PlainPlugin()]),
    simulators: [any VendorSimulatorFactory] = [EchoSimulatorFactory()],
    variables: [String: String] = ["ECHO_SECRET": echoSecret], stdin: CLIInput? = nil
) async -> CLIRun {
    let capture = CapturedOutput()
    let environment = CLIEnvironment(
        registry: registry, simulatorFactories: simulators, configEnvironment: ConfigEnvironment(variables: variables),
        output: capture.output, input: stdin ?? .lines(input))
    let status = await IdentityCTL.run(arguments, environment: environment)
    return CLIRun(status: status, stdout: capture.stdoutLines, stderr: capture.stderrLines)
}

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "identity.yaml") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("identityctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// A valid configuration with one echo and one plain instance in app `web`.
func echoConfiguration() throws -> String {
    try temporaryFile(
        """
        apps:
          web:
            providers:
              - kind: echo
                secret: ${ECHO_SECRET}
                token_lifetime: 10m
              - kind: plain
                name: plain-one
                secret: ${ECHO_SECRET}
        """)
}

/// The repository root (for config.example.yaml).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The member names of a JSON object (empty for anything else).
func keys(of value: JSONValue?) -> Set<String> { Set(value?.objectValue.map { Array($0.keys) } ?? []) }
