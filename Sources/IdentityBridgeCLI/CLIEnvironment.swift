#if TokenService
import Foundation
package import IdentityBridge
package import IdentityBridgeCommands
import IdentityBridgeSimulators
import IdentityBridgeStandard
package import IdentityBridgeTesting
import Synchronization

/// Where `identityctl` writes: the server command's `CommandOutput` (one type for both executables).
package typealias CLIOutput = CommandOutput

/// Collects what a command wrote, for tests.
package final class CapturedOutput: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    /// Creates an empty capture.
    package init() {}

    /// An output that records into this capture.
    package var output: CLIOutput {
        CLIOutput(
            stdout: { [self] line in lines.withLock { $0.out.append(line) } },
            stderr: { [self] line in lines.withLock { $0.err.append(line) } })
    }

    /// The lines written to standard output.
    package var stdoutLines: [String] { lines.withLock { $0.out } }
    /// The lines written to standard error.
    package var stderrLines: [String] { lines.withLock { $0.err } }
    /// Standard output as one text.
    package var stdout: String { stdoutLines.map { $0 + "\n" }.joined() }
    /// Standard error as one text.
    package var stderr: String { stderrLines.map { $0 + "\n" }.joined() }
}

/// Everything `identityctl` takes from its surroundings, injectable so tests run commands
/// in-process: the plugins, the simulators, the environment for `${VAR}`, the input and output.
///
/// `validate`, `token`, `verify`, `exchange` and `events` use only ``registry`` (the standard
/// registry by default); `demo` and `run` are the only commands that use ``simulatorFactories``.
package struct CLIEnvironment: Sendable {
    /// The plugins configurations are loaded with.
    package var registry: ProviderRegistry
    /// The simulators `demo` logs users in against.
    package var simulatorFactories: [any VendorSimulatorFactory]
    /// Where `${VAR}` references and `*_file:` secrets are resolved.
    package var configEnvironment: ConfigEnvironment
    /// Where output goes.
    package var output: CLIOutput
    /// Standard input, read in bounded lines (`events`) or as one bounded token (`verify -`).
    package var input: CLIInput

    /// Creates an environment; the defaults are the real process's.
    package init(
        registry: ProviderRegistry = StandardProviders.registry,
        simulatorFactories: [any VendorSimulatorFactory] = StandardProviders.simulatorFactories,
        configEnvironment: ConfigEnvironment = .process,
        output: CLIOutput = .standard,
        input: CLIInput = .standardInput
    ) {
        self.registry = registry
        self.simulatorFactories = simulatorFactories
        self.configEnvironment = configEnvironment
        self.output = output
        self.input = input
    }

    /// The environment of the running command.
    @TaskLocal package static var current = CLIEnvironment()
}
#endif
