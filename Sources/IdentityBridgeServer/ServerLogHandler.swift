#if TokenService
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The server command's log handler: swift-log's `StreamLogHandler.standardError` line, byte for
/// byte (`TIMESTAMP LEVEL LABEL: key=value ... [SOURCE] MESSAGE`, metadata sorted by key, local
/// time `%Y-%m-%dT%H:%M:%S%z`), written to standard error with one `write(2)` per line, and its
/// timestamp formatted once a second instead of once a line (`localtime`, which re-checks the time
/// zone file on every call, and a 255-byte buffer per line).
///
/// HAND-TUNED, threshold 5% of `Benchmarks/peer-compare.sh`'s service rate: the per-request `info`
/// line through `StreamLogHandler` cost about 20% of the service's CPU per request; this handler
/// against it: 57.6 vs 68.3 µs of server CPU per request (-16%, lower in 6 of 6 alternating rounds;
/// Benchmarks/RESULTS.md, issue 27).
package struct ServerLogHandler: LogHandler {
    /// How a line is written.
    package enum Format: String, CaseIterable, Sendable {
        /// `TIMESTAMP LEVEL LABEL: key=value ... [SOURCE] MESSAGE` (swift-log's stream handler's line).
        case text
        /// One JSON object per line: `time` (UTC, milliseconds), `level`, `label`, `message`, then the metadata,
        /// every value a string.
        case json
    }

    let label: String
    var format: Format = .text
    var logLevel: Logger.Level = .info
    var metadataProvider: Logger.MetadataProvider?
    var metadata = Logger.Metadata()

    init(label: String, format: Format = .text, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.label = label
        self.format = format
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = self.line(for: event)
        Self.writeToStandardError(&line)
    }

    /// The line `log(event:)` writes, newline included.
    func line(for event: LogEvent) -> String {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { $1 } }
        // The request line's metadata as it is when there is nothing to merge it into (no rehash of every entry).
        if let explicit = event.metadata, !explicit.isEmpty {
            if merged.isEmpty { merged = explicit } else { merged.merge(explicit) { $1 } }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        if format == .json { return jsonLine(for: event, merged) }
        var line = Self.timestamp()
        line += " "
        line += event.level.rawValue
        if !label.isEmpty { line += " " + label }
        line += ":"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        line += " [\(event.source)] \(event.message)\n"
        return line
    }

    /// One `write(2)` of the whole line (more only if the kernel takes part of it).
    static func writeToStandardError(_ line: inout String) {
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// The second the cached timestamp text is for, and the text.
    private static let cachedTimestamp = Mutex<(second: Int, text: String)>((-1, ""))

    /// `StreamLogHandler`'s timestamp: local time, `%Y-%m-%dT%H:%M:%S%z`, formatted once a second.
    static func timestamp() -> String {
        let now = time(nil)
        if let text = cachedTimestamp.withLock({ $0.second == now ? $0.text : nil }) { return text }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(now)))
        cachedTimestamp.withLock { $0 = (now, text) }
        return text
    }
}
#endif
