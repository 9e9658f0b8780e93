#if TokenService
import ArgumentParser
import Foundation
import IdentityBridge
import IdentityBridgeCommands

/// `identityctl`: validate configurations, issue and verify credentials, map vendor events and
/// run a demo against the built-in simulators. The token service is its own executable,
/// `identity-server`: `identityctl` builds no HTTP server.
///
/// Machine output is one JSON object per line on standard output; human messages go to standard
/// error. Exit codes: 0 success, 1 invalid input, invalid token or configuration problem, 2 usage error.
///
/// ```swift
/// let capture = CapturedOutput()
/// let status = await IdentityCTL.run(["validate", "config.example.yaml"], environment: CLIEnvironment(output: capture.output))
/// ```
package enum IdentityCTL {
    /// The exit status of a usage error (wrong or missing arguments).
    package static let usageExitCode: Int32 = CommandRunner.usageExitCode

    /// Parses `arguments` (without the program name), runs the command with `environment` and
    /// returns the exit status. Nothing is printed except through `environment.output`.
    package static func run(_ arguments: [String], environment: CLIEnvironment = CLIEnvironment()) async -> Int32 {
        await CLIEnvironment.$current.withValue(environment) {
            await CommandRunner.run(RootCommand.self, arguments, output: environment.output)
        }
    }

    /// Runs with the process's arguments and exits with the command's status.
    package static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }
}

/// The root command: only the help and the list of subcommands.
struct RootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identityctl",
        abstract: "Validate IdentityBridge configurations, issue and verify credentials, map vendor events.",
        discussion: """
            Machine output is one JSON object per line on stdout; human messages go to stderr.
            Exit status: 0 success, 1 invalid input / invalid token / configuration problem, 2 usage error.

            Examples:
              identityctl validate config.example.yaml
              identityctl token --config config.example.yaml --app demo --provider zendesk-chat --user-id u-1 --email ann@example.com --name Ann
              identityctl demo
            """,
        version: IdentityBridgeVersion.current,
        subcommands: IdentityCTL.subcommandTypes)

    /// Without a subcommand, shows the help.
    mutating func run() async throws { throw CleanExit.helpRequest(self) }
}
#endif
