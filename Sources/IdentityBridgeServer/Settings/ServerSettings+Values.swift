#if TokenService
import Foundation
import IdentityBridgeService
import Logging

extension ServerSettings {
    /// Sets `setting` from `text` (as written in the file, the variable or the flag) and records `source`; the problem
    /// when `text` is not a value of it, naming the source, and the setting unchanged.
    package mutating func set(_ setting: ServerSetting, _ text: String, from source: ServerSettingSource) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        let named: String
        switch source {
        case .file: named = setting.path
        case .environment(let variable): named = variable
        case .flag(let flag): named = flag
        case .defaultValue: named = setting.flag
        }
        // Bounded: no message repeats more than 32 characters of a value. A number as it is, other text quoted.
        let isNumber = !value.isEmpty && value.count <= 32 && value.allSatisfy { $0.isASCII && $0.isNumber }
        let shown = isNumber ? value : "'\(value.prefix(32))\(value.count > 32 ? "..." : "")'"
        switch setting {
        case .host, .metricsHost:
            guard Self.isHost(value) else { return "\(named) \(shown) is not a host name or IP address." }
            if setting == .host { host = value } else { metricsHost = value }
        case .port, .metricsPort:
            guard let port = Int(value), (0...65_535).contains(port) else { return "\(named) \(shown) is not a port; use 0 through 65535." }
            if setting == .port { self.port = port } else { metricsPort = port }
        case .logLevel:
            guard let level = Logger.Level(rawValue: value) else {
                return "\(named) \(shown) is not one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))."
            }
            logLevel = level
        case .logFormat:
            guard let format = ServerLogHandler.Format(rawValue: value) else {
                return "\(named) \(shown) is not one of \(ServerLogHandler.Format.allCases.map(\.rawValue).joined(separator: ", "))."
            }
            logFormat = format
        case .maxConnections:
            guard let count = Int(value) else { return "\(named) \(shown) is not a whole number." }
            limits.maxConnections = count
        case .idleTimeout, .headTimeout, .bodyTimeout, .drainTimeout, .drainIdleGrace:
            guard let seconds = Self.seconds(value) else {
                return "\(named) \(shown) is not a duration such as 30, 2.5, 500ms, 30s, 5m or 1h."
            }
            // Checked before it becomes a `Duration` (which traps on NaN or one too large).
            if let problem = TokenService.Limits.durationProblem(seconds: seconds, named: named) { return problem }
            let duration = Duration.seconds(seconds)
            switch setting {
            case .idleTimeout: limits.idleTimeout = duration
            case .headTimeout: limits.headTimeout = duration
            case .bodyTimeout: limits.bodyTimeout = duration
            case .drainTimeout: limits.drainTimeout = duration
            default: limits.drainIdleGrace = duration
            }
        }
        sources[setting] = source
        return nil
    }

    /// Seconds from `300`, `2.5`, `500ms`, `90s`, `5m` or `1h` (`nil`: not a finite, non-negative duration).
    package static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600)]
        let (number, unit) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1)
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number), value.isFinite else {
            return nil
        }
        return value * unit
    }

    /// Whether `text` can be a host name or an IP address (no spaces, no scheme, no path, at most 253 characters).
    static func isHost(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 253
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-:_[]%".unicodeScalars.contains($0))
            }
    }
}
#endif
