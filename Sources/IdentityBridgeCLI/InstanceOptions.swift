import ArgumentParser
import IdentityBridge

/// `--config FILE --app APP --provider NAME [--now UNIX_SECONDS]`: one configured provider instance.
struct InstanceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The YAML configuration file.", valueName: "file"))
    var config: String

    @Option(name: .long, help: ArgumentHelp("The app, a key under 'apps:'.", valueName: "app"))
    var app: String

    @Option(name: .long, help: ArgumentHelp("The provider instance's name (defaults to its kind in the configuration).", valueName: "name"))
    var provider: String

    @OptionGroup var time: TimeOptions
}

/// `--now UNIX_SECONDS`: the instant the command acts at (default: the system clock).
struct TimeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Act as if the time were this Unix time, in whole seconds.", valueName: "unix-seconds"))
    var now: Int64?

    /// A fixed clock at `--now`, or the system clock.
    var clock: any IdentityClock {
        if let now { return FixedClock(unixSeconds: now) }
        return SystemClock()
    }
}

/// Shared steps of the commands that act on one configured instance.
enum CommandSupport {
    /// Loads `path` with the environment's registry, or prints the diagnostics to stderr and
    /// returns the uniform `configuration_invalid` error.
    static func loadConfiguration(_ path: String, environment: CLIEnvironment) -> Result<IdentityConfiguration, IdentityError> {
        do {
            let configuration = try ConfigurationLoader(registry: environment.registry, environment: environment.configEnvironment)
                .load(path: path)
            return .success(configuration)
        } catch {
            for diagnostic in error.diagnostics { environment.output.stderr(diagnostic.description) }
            return .failure(error.identityError)
        }
    }

    /// Loads the configuration and finds the instance and its plugin.
    static func instance(
        config: String, app: String, provider: String, environment: CLIEnvironment
    ) -> Result<(ProviderInstanceConfiguration, any ProviderPlugin), IdentityError> {
        loadConfiguration(config, environment: environment).flatMap { configuration in
            Result { () throws(IdentityError) in
                let instance = try configuration.instance(app: app, provider: provider)
                let plugin = try environment.registry.requirePlugin(for: instance)
                return (instance, plugin)
            }
        }
    }

    /// Builds the issuer of the instance named by `options`.
    static func issuer(_ options: InstanceOptions, environment: CLIEnvironment) -> Result<
        (ProviderInstanceConfiguration, any CredentialIssuer), IdentityError
    > {
        instance(config: options.config, app: options.app, provider: options.provider, environment: environment).flatMap {
            instance, plugin in
            Result { () throws(IdentityError) in (instance, try plugin.makeIssuer(instance, clock: options.time.clock)) }
        }
    }

    /// Prints `error` for humans on stderr (one line).
    static func explain(_ error: IdentityError, environment: CLIEnvironment) {
        environment.output.stderr("error: \(error.code): \(error.message.split(separator: "\n").first.map(String.init) ?? "")")
    }
}
