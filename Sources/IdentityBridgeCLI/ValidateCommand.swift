#if TokenService
import ArgumentParser
import IdentityBridge
import IdentityBridgeCommands

/// `identityctl validate FILE...`: checks configurations without building anything.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check configuration files: every problem as FILE:LINE:COLUMN: error: MESSAGE.",
        discussion: """
            Prints one summary line per valid file (its apps and providers) on stdout and exits 0, or one \
            FILE:LINE:COLUMN: error: MESSAGE line per problem on stderr and exits 1. With --format json, stdout \
            has one JSON object per diagnostic, {"file", "line", "column", "code", "message"}, and one \
            {"file", "valid": true, "apps", "providers"} per valid file; the human lines still go to stderr. \
            Secrets are resolved from the environment (${VAR}, ${VAR:-default}) and from *_file: paths.

            Examples:
              identityctl validate config.example.yaml
              identityctl validate --format json staging.yaml production.yaml
            """)

    /// How results are written on stdout.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: ArgumentHelp("text (summary lines) or json (one object per diagnostic or valid file).", valueName: "format"))
    var format: Format = .text

    @Argument(help: ArgumentHelp("The configuration files to check.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one configuration file to validate.") }
    }

    func run() async throws {
        let environment = CLIEnvironment.current
        let loader = ConfigurationLoader(registry: environment.registry, environment: environment.configEnvironment)
        var failed = false
        for file in files {
            do {
                let configuration = try loader.load(path: file)
                switch format {
                case .text: environment.output.stdout(Self.summary(configuration))
                case .json: environment.output.json(Self.summaryJSON(configuration))
                }
            } catch {
                failed = true
                for diagnostic in error.diagnostics {
                    environment.output.stderr(CommandSupport.escapingControlCharacters(diagnostic.description))
                    if format == .json { environment.output.json(Self.json(diagnostic, code: error.identityError.code)) }
                }
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// `{"file", "line", "column", "code", "message"}`.
    static func json(_ diagnostic: ConfigDiagnostic, code: IdentityError.Code) -> JSONValue {
        [
            "file": .string(diagnostic.file), "line": .int(Int64(diagnostic.line)), "column": .int(Int64(diagnostic.column)),
            "code": .string(code.rawValue), "message": .string(diagnostic.message),
        ]
    }

    /// `{"file", "valid": true, "apps": [...], "providers": ["app/name: kind", ...]}`.
    static func summaryJSON(_ configuration: IdentityConfiguration) -> JSONValue {
        let providers = configuration.apps.flatMap { app in
            app.providers.map { JSONValue.string("\(app.name)/\($0.reference.name): \($0.reference.kind)") }
        }
        return [
            "file": .string(configuration.file), "valid": true, "apps": .array(configuration.apps.map { .string($0.name) }),
            "providers": .array(providers),
        ]
    }

    /// `FILE: ok: 1 app (demo), 4 providers (demo/helpshift: helpshift, ...)`.
    static func summary(_ configuration: IdentityConfiguration) -> String {
        let apps = configuration.apps
        let providers = apps.flatMap { app in
            app.providers.map { "\(app.name)/\($0.reference.name): \($0.reference.kind)" }
        }
        let appWord = apps.count == 1 ? "app" : "apps"
        let providerWord = providers.count == 1 ? "provider" : "providers"
        return "\(configuration.file): ok: \(apps.count) \(appWord) (\(apps.map(\.name).joined(separator: ", "))), "
            + "\(providers.count) \(providerWord) (\(providers.joined(separator: ", ")))"
    }
}
#endif
