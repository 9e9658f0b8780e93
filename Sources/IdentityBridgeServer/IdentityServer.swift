#if TokenService
import ArgumentParser
import Foundation
import IdentityBridge

/// `identity-server`: the token service as the binary an operator deploys (one ``ServeCommand``);
/// it links no simulator, no
/// conformance kit and no scenario runner (`.ci/server-binary.sh` checks its symbols).
public enum IdentityServer {
    /// Parses `arguments` (without the program name), serves with `environment` and returns the exit status.
    public static func run(_ arguments: [String], environment: ServerEnvironment = ServerEnvironment()) async -> Int32 {
        await ServerEnvironment.$current.withValue(environment) {
            await CommandRunner.run(ServerRootCommand.self, arguments, output: environment.output)
        }
    }

    /// Runs with the process's arguments and exits with the command's status.
    public static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }
}

/// The root command of `identity-server`: ``ServeCommand``'s options, without a subcommand.
struct ServerRootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity-server", abstract: ServeCommand.configuration.abstract,
        discussion: ServeCommand.configuration.discussion,
        version: IdentityBridgeVersion.current)

    @OptionGroup var serve: ServeCommand

    func run() async throws { try await serve.run() }
}
#endif
