#if TokenService
package import ArgumentParser
import IdentityBridgeCommands
import IdentityBridgeTesting

/// `identityctl run SCENARIO.yaml --config FILE [--provider NAME]`: runs a scenario against the
/// simulated vendors and writes one JSON line per event, failed step and expectation, then a
/// summary line. Exit status 0 when every expectation holds, 1 when one fails, 2 when the
/// scenario (or the configuration) is invalid, with `FILE:LINE:COLUMN: error:` lines on stderr.
///
/// The logic lives in ``IdentityBridgeTesting/ScenarioFileRunner``; this command only reads
/// ``CLIEnvironment/current`` (plugins, simulators, `${VAR}` environment, output).
package struct RunCommand: AsyncParsableCommand {
    /// The command's configuration.
    package static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scenario file against the simulated vendors.",
        discussion: """
            Writes JSON lines on stdout: {"step","type":"event","name","provider","data"} per uniform event,
            {"step","type":"error","code","vendor_code",...} per failed step, {"step","type":"expect","ok","detail",...}
            per expectation, and {"type":"summary","passed","failed"} last.
            Exit status: 0 every expectation held; 1 one failed; 2 the scenario or configuration is invalid
            (FILE:LINE:COLUMN: error: lines on stderr). The format is documented in Scenarios/README.md.

            Examples:
              identityctl run Scenarios/zendesk-messaging/merge-on-login.yaml --config Scenarios/config.yaml
              identityctl run Scenarios/common/missing-identifier.yaml --config Scenarios/config.yaml --provider zendesk-chat
            """)

    /// The scenario file.
    @Argument(help: ArgumentHelp("The scenario YAML file.", valueName: "scenario"))
    package var scenario: String

    /// The configuration file.
    @Option(name: .long, help: "The configuration YAML file.")
    package var config: String

    /// Provider names overriding the scenario's `provider:`.
    @Option(name: .long, help: "Run on this provider instead of the scenario's (repeat or comma-separate for several).")
    package var provider: [String] = []

    /// Creates the command.
    package init() {}

    /// Runs the scenario.
    package func run() async throws {
        let environment = CLIEnvironment.current
        let status = await ScenarioFileRunner.run(
            scenario: scenario, config: config, providers: provider, environment: environment.configEnvironment,
            registry: environment.registry, simulators: environment.simulatorFactories,
            output: environment.output.stdout, diagnostics: environment.output.stderr)
        if status != 0 { throw ExitCode(status) }
    }
}
#endif
