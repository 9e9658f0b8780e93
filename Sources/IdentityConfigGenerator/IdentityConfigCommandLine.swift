internal import Foundation
public import IdentityBridge
internal import IdentityBridgeStandard

/// What the plugins' tool does, as a testable value:
///
/// - `generate INPUT OUTPUT`: checks the configuration at INPUT and writes its `IdentityConfigSource` to OUTPUT.
/// - `validate PATH...`: checks each configuration and prints one summary line per valid file.
///
/// Both check against a registry (by default ``StandardProviders/registry``, the built-in kinds; a
/// package with its own kinds builds its own tool with ``init(registry:output:errors:)``) with
/// ``ConfigEnvironment/placeholders`` (a build knows no deployment variable or secret file), plus
/// the Swift names the source needs. Every problem is one `PATH:LINE:COLUMN: error: MESSAGE` line on
/// the error output, PATH absolute (so swift build and Xcode show it at the line); exit status 1.
public struct IdentityConfigCommandLine: Sendable {
    /// Exit status of a run with problems in a configuration.
    public static let failure: Int32 = 1
    /// Exit status of a run with wrong arguments.
    package static let usageError: Int32 = 64

    /// The usage text.
    public static let usage = """
        usage: IdentityConfigTool generate INPUT OUTPUT
               IdentityConfigTool validate PATH...
        """

    /// Receives each line for standard output.
    public var output: @Sendable (String) -> Void
    /// Receives each line for standard error (diagnostics).
    public var errors: @Sendable (String) -> Void

    /// The plugins the configurations are checked with.
    public var registry: ProviderRegistry

    /// Creates a command line writing its lines to `output` and `errors`, checking against the built-in kinds.
    public init(output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void) {
        self.init(registry: StandardProviders.registry, output: output, errors: errors)
    }

    /// Creates a command line that checks against `registry`: how a package that adds provider kinds
    /// gets a tool (and so a build plugin or a `validate` command) that knows them.
    ///
    /// ```swift
    /// var registry = StandardProviders.registry
    /// registry.register(IntercomPlugin())
    /// let commandLine = IdentityConfigCommandLine(registry: registry, output: { print($0) }, errors: { print($0) })
    /// exit(commandLine.run(Array(CommandLine.arguments.dropFirst())))
    /// ```
    public init(
        registry: ProviderRegistry, output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) {
        self.registry = registry
        self.output = output
        self.errors = errors
    }

    /// Runs `arguments` (without the program name); returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "generate" where arguments.count == 3:
            return generate(input: arguments[1], output: arguments[2])
        case "validate" where arguments.count >= 2:
            let results = arguments.dropFirst().map(validate)
            return results.allSatisfy { $0 } ? 0 : Self.failure
        default:
            errors(
                "error: expected 'generate INPUT OUTPUT' or 'validate PATH...', got \(arguments.isEmpty ? "nothing" : "'\(arguments.joined(separator: " ").prefix(120))'")."
            )
            errors(Self.usage)
            return Self.usageError
        }
    }

    /// The configuration at `path` (made absolute) and its generated source, or every problem.
    public static func check(path: String) -> Result<(configuration: IdentityConfiguration, source: String), ConfigurationError> {
        check(path: path, registry: StandardProviders.registry)
    }

    /// The configuration at `path` (made absolute) checked against `registry`, and its generated source, or every problem.
    public static func check(path: String, registry: ProviderRegistry) -> Result<
        (configuration: IdentityConfiguration, source: String), ConfigurationError
    > {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let loader = ConfigurationLoader(registry: registry, environment: .placeholders)
        do throws(ConfigurationError) {
            let configuration = try loader.load(path: absolute)
            // It loaded, so it is a readable UTF-8 file of at most ConfigurationLoader.maxFileSize bytes.
            let yaml = (try? String(contentsOfFile: absolute, encoding: .utf8)) ?? ""
            let name = (absolute as NSString).lastPathComponent
            return .success((configuration, try IdentityConfigSource.generate(configuration, yaml: yaml, sourceName: name)))
        } catch {
            return .failure(error)
        }
    }

    private func generate(input: String, output path: String) -> Int32 {
        switch Self.check(path: input, registry: registry) {
        case .failure(let error):
            for diagnostic in error.diagnostics { errors(diagnostic.description) }
            return Self.failure
        case .success(let checked):
            do {
                try Data(checked.source.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                return 0
            } catch {
                errors("error: cannot write the generated source to '\(path)': \(error.localizedDescription)")
                return Self.failure
            }
        }
    }

    private func validate(_ path: String) -> Bool {
        switch Self.check(path: path, registry: registry) {
        case .failure(let error):
            for diagnostic in error.diagnostics { errors(diagnostic.description) }
            return false
        case .success(let checked):
            let apps = checked.configuration.apps
            let instances = apps.reduce(0) { $0 + $1.providers.count }
            output(
                "\(checked.configuration.file): ok: \(apps.count) \(apps.count == 1 ? "app" : "apps"), "
                    + "\(instances) provider \(instances == 1 ? "instance" : "instances")")
            return true
        }
    }
}
