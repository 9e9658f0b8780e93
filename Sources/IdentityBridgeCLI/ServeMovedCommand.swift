#if TokenService
import ArgumentParser
import IdentityBridgeCommands

/// `identityctl serve` (hidden): the token service moved to its own executable, `identity-server`, so that
/// `identityctl` builds no HTTP server. Says so and names the command to run instead (exit status 2).
struct ServeMovedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Moved: the token service is `identity-server`.", shouldDisplay: false)

    /// Whatever followed `serve`, passed on unchanged in the suggestion.
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []

    func run() throws {
        let rest = arguments.isEmpty ? "--config FILE" : arguments.joined(separator: " ")
        CLIEnvironment.current.output.stderr(
            "error: 'identityctl serve' is now its own executable, identity-server (the same options): swift run identity-server \(rest)")
        throw ExitCode(IdentityCTL.usageExitCode)
    }
}
#endif
