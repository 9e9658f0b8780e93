#if TokenService
import IdentityBridgeService

/// One of `identity-server`'s settings, named once for every source: its path under the configuration's `server:`
/// section, its flag and its environment variable. A flag beats the environment, which beats the file, which beats
/// the default (``ServerSettings/defaults``).
package enum ServerSetting: String, CaseIterable, Sendable {
    case host
    case port
    case metricsHost
    case metricsPort
    case logLevel
    case logFormat
    case idleTimeout
    case headTimeout
    case bodyTimeout
    case maxConnections
    case drainTimeout
    case drainIdleGrace

    /// The words of the name (`idle`, `timeout`).
    private var words: [String] {
        var words: [String] = []
        var word = ""
        for character in rawValue {
            if character.isUppercase, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(character.lowercased())
        }
        return words + [word]
    }

    /// Whether it is a connection limit (`TokenService.Limits`), under `server.limits`.
    package var isLimit: Bool {
        switch self {
        case .idleTimeout, .headTimeout, .bodyTimeout, .maxConnections, .drainTimeout, .drainIdleGrace: true
        default: false
        }
    }

    /// Its path in the configuration file: `server.port`, `server.limits.idle_timeout`.
    package var path: String { "server." + (isLimit ? "limits." : "") + words.joined(separator: "_") }
    /// Its flag: `--port`, `--idle-timeout`.
    package var flag: String { "--" + words.joined(separator: "-") }
    /// Its environment variable: `IDENTITY_SERVER_PORT`, `IDENTITY_SERVER_IDLE_TIMEOUT`.
    package var variable: String { "IDENTITY_SERVER_" + words.joined(separator: "_").uppercased() }
    /// Whether its value is a duration (seconds, or with a unit: `500ms`, `30s`, `5m`, `1h`).
    var isDuration: Bool { isLimit && self != .maxConnections }

    /// The setting at `path` in the file.
    static func at(path: String) -> ServerSetting? { allCases.first { $0.path == path } }
}

/// Where a server setting's value came from: what its problems name.
package enum ServerSettingSource: Sendable, Equatable, CustomStringConvertible {
    /// Nobody set it.
    case defaultValue
    /// The configuration file's `server:` section, at this position.
    case file(String, line: Int, column: Int)
    /// This environment variable.
    case environment(String)
    /// This command-line flag.
    case flag(String)

    package var description: String {
        switch self {
        case .defaultValue: "the default"
        case .file(let file, let line, let column): "\(file):\(line):\(column)"
        case .environment(let name): "environment variable \(name)"
        case .flag(let flag): "flag \(flag)"
        }
    }
}
#endif
