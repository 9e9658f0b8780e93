import Foundation
import IdentityBridge
import IdentityBridgeCLI
import Testing

/// The demo as a newcomer reads it (config.example.yaml, the built-in simulators): a logout never
/// reads as "authenticated", and the last lines say what to try next, in commands that run as written.
@Suite struct DemoOutputTests {
    static func demo() async -> CLIRun { await standardCTL(["demo", "--config", exampleConfiguration, "--now", "1767225600"]) }

    @Test func theLoggedOutEventOfEveryProviderShowsTheUserNoLongerAuthenticated() async throws {
        let run = await Self.demo()
        #expect(run.status == 0, "\(run.allText)")
        let loggedOut = run.stdout.filter { $0.hasPrefix("   event logged_out ") }
        #expect(loggedOut.count == 4, "one per built-in kind: \(run.stdout)")
        for line in loggedOut {
            let payload = try JSONValue.parse(String(line.dropFirst("   event logged_out ".count)))
            #expect(payload["user"]?["authenticated"] == false, "\(line)")
        }
        #expect(!run.stdout.contains { $0.hasPrefix("   event logged_out ") && $0.contains(#""authenticated":true"#) })
    }

    @Test func theDemoEndsWithCommandsToTryNextThatRunAsWritten() async throws {
        let run = await Self.demo()
        #expect(run.status == 0, "\(run.allText)")
        let start = try #require(run.stdout.firstIndex(of: "Try next:"), "\(run.stdout.suffix(5))")
        let commands = run.stdout[(start + 1)...].map { line in
            String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }
        #expect((2...4).contains(commands.count), "\(commands)")
        for command in commands {
            let prefix = "swift run identityctl "
            #expect(command.hasPrefix(prefix), "\(command)")
            // The configuration path has no character a shell treats specially, so words split on spaces.
            let arguments = command.dropFirst(prefix.count).split(separator: " ").map(String.init)
            let tried = await standardCTL(arguments)
            #expect(tried.status == 0, "\(command): \(tried.allText)")
            #expect(!tried.stdout.isEmpty, "\(command) prints something")
        }
    }

    @Test func aPathThatAShellWouldSplitIsQuoted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo try-next \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("it's.yaml").path
        try FileManager.default.copyItem(atPath: exampleConfiguration, toPath: path)
        let run = await standardCTL(["demo", "--config", path, "--now", "1767225600"])
        #expect(run.status == 0, "\(run.allText)")
        let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        #expect(run.stdout.contains("  swift run identityctl validate \(quoted)    # check a configuration"), "\(run.stdout.suffix(4))")
    }
}
