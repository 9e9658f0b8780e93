import ArgumentParser
import IdentityBridge

/// `identityctl validate FILE...`: checks configurations without building anything.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check configuration files: every problem as FILE:LINE:COLUMN: error: MESSAGE.",
        discussion: """
            Prints one summary line per valid file (its apps and providers) and exits 0, or one FILE:LINE:COLUMN: error: MESSAGE line per problem, also on stdout, and exits 1. Secrets are resolved from the environment (${VAR}, ${VAR:-default}) and from *_file: paths.

            Examples:
              identityctl validate config.example.yaml
              identityctl validate staging.yaml production.yaml
            """)

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
                environment.output.stdout(Self.summary(configuration))
            } catch {
                failed = true
                for diagnostic in error.diagnostics { environment.output.stdout(diagnostic.description) }
            }
        }
        if failed { throw ExitCode.failure }
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
