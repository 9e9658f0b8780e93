#if TokenService
package import IdentityBridge
package import IdentityBridgeService
package import Logging

/// `identity-server`'s settings in one typed value, filled from the configuration's `server:` section, the
/// environment (`IDENTITY_SERVER_*`) and the flags, in that order of strength; each default written once, in
/// ``defaults`` (the connection limits': `TokenService.Limits.defaults`). ``sources`` says where each value came from,
/// and every problem names it: the file's line and column, the variable or the flag.
///
/// The listener, the log and the limits are set up at start: a reload that changes the `server:` section leaves them
/// as they were (and says so in a warning).
package struct ServerSettings: Sendable, Equatable {
    /// The address to listen on.
    package var host = "127.0.0.1"
    /// The port to listen on (0: any free port).
    package var port = 8080
    /// The metrics listener's address, when there is a metrics listener.
    package var metricsHost = "127.0.0.1"
    /// The metrics listener's port (`nil`: none, `/metrics` on the main listener).
    package var metricsPort: Int?
    /// The log level (`info`: one line per request).
    package var logLevel = Logger.Level.info
    /// The log lines' format.
    package var logFormat = ServerLogHandler.Format.text
    /// The connection limits.
    package var limits = TokenService.Limits.defaults
    /// Where each value that is not a default came from.
    package var sources: [ServerSetting: ServerSettingSource] = [:]

    /// Every setting at its default.
    package static let defaults = ServerSettings()

    /// `setting`'s default, as `--help` shows it.
    package static func defaultText(_ setting: ServerSetting) -> String {
        let limits = defaults.limits
        func seconds(_ duration: Duration) -> String {
            duration.seconds == duration.seconds.rounded() ? "\(Int(duration.seconds))" : "\(duration.seconds)"
        }
        return switch setting {
        case .host: defaults.host
        case .port: "\(defaults.port)"
        case .metricsHost: defaults.metricsHost
        case .metricsPort: defaults.metricsPort.map { "\($0)" } ?? "none"
        case .logLevel: defaults.logLevel.rawValue
        case .logFormat: defaults.logFormat.rawValue
        case .idleTimeout: seconds(limits.idleTimeout)
        case .headTimeout: seconds(limits.headTimeout)
        case .bodyTimeout: seconds(limits.bodyTimeout)
        case .maxConnections: "\(limits.maxConnections)"
        case .drainTimeout: seconds(limits.drainTimeout)
        case .drainIdleGrace: seconds(limits.drainIdleGrace)
        }
    }

    /// ` (default VALUE; PATH, VARIABLE)`: what a flag's help adds about `setting`.
    package static func helpNote(_ setting: ServerSetting) -> String {
        " (default \(defaultText(setting)); \(setting.path), \(setting.variable))"
    }

    /// Where `setting`'s value came from.
    package func source(of setting: ServerSetting) -> ServerSettingSource { sources[setting] ?? .defaultValue }

    /// The settings from `file`'s `server:` section, then `environment`'s `IDENTITY_SERVER_*` variables, then `flags`
    /// (each flag's value as text), and the problems, each naming its source; none: the settings are good.
    package static func resolve(
        file: ServerSection?, environment: [String: String], flags: [ServerSetting: String]
    ) -> (settings: ServerSettings, problems: [String]) {
        var settings = ServerSettings()
        var problems: [String] = []
        for entry in file?.entries ?? [] {
            let source = ServerSettingSource.file(file?.file ?? "configuration", line: entry.line, column: entry.column)
            let position = "\(source): error: "
            guard let setting = ServerSetting.at(path: entry.path) else {
                let known = ServerSetting.allCases.map(\.path).joined(separator: ", ")
                problems.append(position + "unknown server setting '\(entry.path)' (known: \(known)).")
                continue
            }
            if let problem = settings.set(setting, entry.text, from: source) { problems.append(position + problem) }
        }
        for setting in ServerSetting.allCases {
            if let text = environment[setting.variable], let problem = settings.set(setting, text, from: .environment(setting.variable)) {
                problems.append(problem)
            }
        }
        for setting in ServerSetting.allCases {
            if let text = flags[setting], let problem = settings.set(setting, text, from: .flag(setting.flag)) { problems.append(problem) }
        }
        if problems.isEmpty { problems += settings.combinationProblems() }
        return (settings, problems)
    }

    /// How problems name `setting`: its path and position, its variable, its flag, or its flag and `(default)`.
    func name(_ setting: ServerSetting) -> String {
        switch source(of: setting) {
        case .defaultValue: "\(setting.flag) (default)"
        case .flag: setting.flag
        case .environment(let variable): variable
        case .file(let file, let line, let column): "\(setting.path) (\(file):\(line):\(column))"
        }
    }

    /// The problems of settings that only make sense together.
    func combinationProblems() -> [String] {
        var problems: [String] = []
        let limitSettings: [(PartialKeyPath<TokenService.Limits>, ServerSetting)] = [
            (\.idleTimeout, .idleTimeout), (\.headTimeout, .headTimeout), (\.bodyTimeout, .bodyTimeout),
            (\.maxConnections, .maxConnections), (\.drainTimeout, .drainTimeout), (\.drainIdleGrace, .drainIdleGrace),
        ]
        if let problem = limits.problem(naming: { key in limitSettings.first { $0.0 == key }.map { name($0.1) } ?? "\(key)" }) {
            problems.append(problem)
        }
        if metricsPort == nil, sources[.metricsHost] != nil {
            problems.append(
                "\(name(.metricsHost)) needs a metrics port (\(ServerSetting.metricsPort.flag), \(ServerSetting.metricsPort.path) or "
                    + "\(ServerSetting.metricsPort.variable)): the metrics listener's port.")
        }
        if let problem = sharedPortProblem() { problems.append(problem) }
        return problems
    }

    /// The problem of a metrics listener on the main listener's port (0, any free port, is two ports).
    func sharedPortProblem() -> String? {
        guard let metricsPort, metricsPort != 0, metricsPort == port else { return nil }
        return "\(name(.metricsPort)) \(metricsPort) is \(name(.port)) too; give the metrics listener a port of its own."
    }
}
#endif
