#if TokenService
import Foundation
public import IdentityBridge
public import IdentityBridgeCommands
public import IdentityBridgeSimulators
public import IdentityBridgeStandard
public import IdentityBridgeTesting
import Synchronization

/// Where `identityctl` writes: the server command's `CommandOutput` (one type for both executables).
public typealias CLIOutput = CommandOutput

/// Collects what a command wrote, for tests.
public final class CapturedOutput: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    /// Creates an empty capture.
    public init() {}

    /// An output that records into this capture.
    public var output: CLIOutput {
        CLIOutput(
            stdout: { [self] line in lines.withLock { $0.out.append(line) } },
            stderr: { [self] line in lines.withLock { $0.err.append(line) } })
    }

    /// The lines written to standard output.
    public var stdoutLines: [String] { lines.withLock { $0.out } }
    /// The lines written to standard error.
    public var stderrLines: [String] { lines.withLock { $0.err } }
    /// Standard output as one text.
    public var stdout: String { stdoutLines.map { $0 + "\n" }.joined() }
    /// Standard error as one text.
    public var stderr: String { stderrLines.map { $0 + "\n" }.joined() }
}

/// Everything `identityctl` takes from its surroundings, injectable so tests run commands
/// in-process: the plugins, the simulators, the environment for `${VAR}`, the input and output.
///
/// `validate`, `token`, `verify`, `exchange` and `events` use only ``registry`` (the standard
/// registry by default); `demo` and `run` are the only commands that use ``simulatorFactories``.
public struct CLIEnvironment: Sendable {
    /// The plugins configurations are loaded with.
    public var registry: ProviderRegistry
    /// The simulators `demo` logs users in against.
    public var simulatorFactories: [any VendorSimulatorFactory]
    /// Where `${VAR}` references and `*_file:` secrets are resolved.
    public var configEnvironment: ConfigEnvironment
    /// Where output goes.
    public var output: CLIOutput
    /// Standard input, read in bounded lines (`events`) or as one bounded token (`verify -`).
    public var input: CLIInput

    /// Creates an environment; the defaults are the real process's.
    public init(
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
    @TaskLocal public static var current = CLIEnvironment()
}
#endif
