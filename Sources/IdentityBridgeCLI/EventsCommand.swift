#if TokenService
import ArgumentParser
import IdentityBridge
import IdentityBridgeCommands

/// `identityctl events`: maps raw vendor SDK events into uniform events.
struct EventsCommand: AsyncParsableCommand {
    /// The longest input line read, in bytes: a longer line is an error for that line, and no more
    /// than this (plus one read) is held in memory for it.
    static let maxLineBytes = 1_048_576

    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Map raw vendor events (JSON lines on stdin) into uniform events (JSON lines on stdout).",
        discussion: """
            Reads one vendor event per line, {"name": "...", "data": {...}} ("data" may be absent or null), and writes each uniform event as \
            {"name", "provider", "kind", "data"}. A line that cannot be mapped gives {"error": {...}, "line": \
            N}; processing goes on and the exit status is 1 at the end. A line is at most 1 MiB (1048576 bytes) \
            of UTF-8: a longer line, or one that is not UTF-8, is an error for that line. --provider is a kind (helpshift, \
            zendesk-chat, ...) or, with --config and --app, an instance name.

            Examples:
              echo '{"name": "widgetToggle", "data": {"visible": true}}' \\
                  | identityctl events --provider helpshift
              identityctl events --config config.example.yaml --app demo \\
                  --provider zendesk-messaging < events.jsonl
            """)

    @Option(name: .long, help: ArgumentHelp("A provider kind, or an instance name with --config and --app.", valueName: "kind-or-name"))
    var provider: String

    @Option(name: .long, help: ArgumentHelp("The YAML configuration file (with --app).", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The app, a key under 'apps:' (with --config).", valueName: "app"))
    var app: String?

    @OptionGroup var time: TimeOptions

    func validate() throws {
        if (config == nil) != (app == nil) {
            throw ValidationError("--config and --app go together: give both to name an instance, or neither to name a kind.")
        }
    }

    /// The mapper and the reference events are attributed to.
    private func mapper(environment: CLIEnvironment) -> Result<(any VendorEventMapping, ProviderReference), IdentityError> {
        let target: Result<(any ProviderPlugin, ProviderReference), IdentityError>
        if let config, let app {
            target = CommandSupport.instance(config: config, app: app, provider: provider, environment: environment)
                .map { ($0.plugin, $0.reference) }
        } else if let plugin = environment.registry.plugin(for: ProviderKind(rawValue: provider)) {
            target = .success((plugin, ProviderReference(kind: plugin.kind)))
        } else {
            target = .failure(
                IdentityError(
                    .configurationInvalid, field: "provider",
                    message:
                        "Unknown provider kind \"\(provider)\"; kinds: \(environment.registry.kinds.map(\.rawValue).joined(separator: ", ")).",
                    recovery: "Pass a kind, or an instance name together with --config and --app."))
        }
        return target.flatMap { plugin, reference in
            guard let mapping = plugin as? any VendorEventMapping else {
                return .failure(
                    IdentityError(
                        .unsupportedOperation, field: "provider",
                        message: "The \(plugin.kind) plugin does not map vendor events.",
                        recovery: "Use a kind whose vendor SDK emits events.", provider: reference))
            }
            return .success((mapping, reference))
        }
    }

    func run() async throws {
        let environment = CLIEnvironment.current
        let output = environment.output
        let (mapping, reference): (any VendorEventMapping, ProviderReference)
        switch mapper(environment: environment) {
        case .success(let found): (mapping, reference) = found
        case .failure(let error):
            output.json(["error": error.json])
            CommandSupport.explain(error, environment: environment)
            throw ExitCode.failure
        }
        let clock = time.clock
        var lineNumber = 0
        var failures = 0
        while let input = environment.input.nextLine(limit: Self.maxLineBytes) {
            lineNumber += 1
            if case .text(let line) = input, line.allSatisfy(\.isWhitespace) { continue }
            do throws(IdentityError) {
                let (name, data) = try VendorEventLine.parse(Self.text(of: input, lineNumber: lineNumber), lineNumber: lineNumber)
                let events = try mapping.mapVendorEvent(name: name, data: data, provider: reference, timestamp: clock.now())
                for event in events { output.json(event.json) }
            } catch {
                failures += 1
                output.json(["error": error.json, "line": .int(Int64(lineNumber))])
                output.stderr("line \(lineNumber): error: \(error.code): \(CommandSupport.escapingControlCharacters(error.message))")
            }
        }
        if failures > 0 {
            output.stderr("\(failures) of the input lines could not be mapped.")
            throw ExitCode.failure
        }
    }

    /// The line's text, or why it has none.
    static func text(of input: InputLine, lineNumber: Int) throws(IdentityError) -> String {
        switch input {
        case .text(let text):
            return text
        case .tooLong(let limit):
            throw IdentityError(
                .limitExceeded, field: "line", message: "Line \(lineNumber) is longer than \(limit) bytes, the limit for one event.",
                recovery: "Send one vendor event per line, each under \(limit) bytes.")
        case .invalidUTF8:
            throw IdentityError(
                .invalidValueType, field: "line", message: "Line \(lineNumber) is not valid UTF-8 text.",
                recovery: "Write the events as UTF-8 JSON, one object per line.")
        }
    }
}
#endif
