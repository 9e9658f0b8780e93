#if TokenService
public import IdentityBridge
public import IdentityBridgeStandard
import Foundation

/// What the server command takes from its surroundings, injectable so tests run it in-process: the
/// plugins, the environment for `${VAR}` and `*_file:` settings, and the output. No simulator and
/// no test kit: `identity-server` links only this.
public struct ServerEnvironment: Sendable {
    /// The plugins configurations are loaded with.
    public var registry: ProviderRegistry
    /// Where `${VAR}` references and `*_file:` secrets are resolved.
    package var configEnvironment: ConfigEnvironment
    /// Where output goes.
    public var output: CommandOutput
    /// How messages name the program (`identity-server`, or a package's own server).
    public var programName: String
    /// The process environment the OpenTelemetry variables (`OTEL_*`) are read from.
    package var processEnvironment: [String: String]

    /// Creates an environment; the defaults are the real process's.
    public init(
        registry: ProviderRegistry = StandardProviders.registry, configEnvironment: ConfigEnvironment = .process,
        output: CommandOutput = .standard, programName: String = "identity-server",
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.processEnvironment = processEnvironment
        self.registry = registry
        self.configEnvironment = configEnvironment
        self.output = output
        self.programName = programName
    }

    /// The environment of the running command.
    @TaskLocal public static var current = ServerEnvironment()
}
#endif
