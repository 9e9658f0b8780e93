#if TokenService
import ArgumentParser
import IdentityBridge
import IdentityBridgeCommands

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
    /// The instants `--now` accepts: 1970-01-01T00:00:00Z through 9999-12-31T23:59:59Z. Outside
    /// them, token lifetimes and simulator sessions would overflow 64-bit Unix seconds.
    static let nowRange: ClosedRange<Int64> = 0...253_402_300_799

    // `.unconditional`: `--now -5` is read as a (refused) value, not as a missing value.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Act as if the time were this Unix time, in whole seconds (0 through 253402300799, the end of year 9999).",
            valueName: "unix-seconds"))
    var now: Int64?

    func validate() throws {
        if let now, !Self.nowRange.contains(now) {
            throw ValidationError(
                "--now \(now) is not a usable Unix time: pass whole seconds from \(Self.nowRange.lowerBound) (1970-01-01T00:00:00Z) through \(Self.nowRange.upperBound) (9999-12-31T23:59:59Z), e.g. --now 1767225600."
            )
        }
    }

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
            var failure = error.identityError
            failure.field = failure.field ?? "config"  // the --config file is what is at fault
            return .failure(failure)
        }
    }

    /// Loads the configuration and finds the instance.
    static func instance(
        config: String, app: String, provider: String, environment: CLIEnvironment
    ) -> Result<ProviderInstanceConfiguration, IdentityError> {
        loadConfiguration(config, environment: environment).flatMap { configuration in
            Result { () throws(IdentityError) in try configuration.instance(app: app, provider: provider) }
        }
    }

    /// Builds the issuer of the instance named by `options`.
    static func issuer(_ options: InstanceOptions, environment: CLIEnvironment) -> Result<
        (ProviderInstanceConfiguration, any CredentialIssuer), IdentityError
    > {
        instance(config: options.config, app: options.app, provider: options.provider, environment: environment).flatMap { instance in
            Result { () throws(IdentityError) in (instance, try instance.makeIssuer(context: IssuerContext(clock: options.time.clock))) }
        }
    }

    /// Prints `error` for humans on stderr (one line). Messages can quote attacker-chosen token
    /// values, so control characters (terminal escapes, carriage returns) are shown escaped.
    static func explain(_ error: IdentityError, environment: CLIEnvironment) {
        let firstLine = error.message.split(separator: "\n").first.map(String.init) ?? ""
        environment.output.stderr("error: \(error.code): \(escapingControlCharacters(firstLine))")
    }

    /// `text` with every control character written as `\u{XX}`.
    static func escapingControlCharacters(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
#endif
