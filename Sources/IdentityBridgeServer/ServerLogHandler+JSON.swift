#if TokenService
import IdentityBridge
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ServerLogHandler {
    /// The JSON line of `event` (`--log-format json`): `{"time":…,"level":…,"label":…,"message":…,…}` then a
    /// newline, the metadata after the four fixed keys, sorted by key, every value a JSON string (a metadata key
    /// named like a fixed key is written `metadata.<key>`).
    func jsonLine(for event: LogEvent, _ metadata: Logger.Metadata) -> String {
        var line = "{\"time\":\""
        line += Self.jsonTimestamp()
        line += "\",\"level\":\""
        line += event.level.rawValue
        line += "\",\"label\":"
        line += JSONValue.string(label).jsonString
        line += ",\"message\":"
        line += JSONValue.string("\(event.message)").jsonString
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            let name = Self.fixedKeys.contains(key) ? "metadata." + key : key
            line += ","
            line += JSONValue.string(name).jsonString
            line += ":"
            line += JSONValue.string("\(value)").jsonString
        }
        line += "}\n"
        return line
    }

    /// The keys every JSON line starts with.
    static let fixedKeys: Set<String> = ["time", "level", "label", "message"]

    /// The second the cached UTC text is for, and the text (`YYYY-MM-DDTHH:MM:SS`).
    private static let cachedUTCSecond = Mutex<(second: Int, text: String)>((-1, ""))

    /// The time now in UTC, RFC 3339 with milliseconds: `2026-11-28T07:00:00.123Z`.
    static func jsonTimestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = now.tv_sec
        let millis = String(Int(now.tv_nsec) / 1_000_000)
        let fraction = String(repeating: "0", count: 3 - millis.count) + millis
        if let text = cachedUTCSecond.withLock({ $0.second == second ? $0.text : nil }) { return text + "." + fraction + "Z" }
        var seconds = second
        var utc = tm()
        guard gmtime_r(&seconds, &utc) != nil else { return "1970-01-01T00:00:00.000Z" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "\(utc.tm_year + 1900)-\(two(utc.tm_mon + 1))-\(two(utc.tm_mday))T\(two(utc.tm_hour)):\(two(utc.tm_min)):\(two(utc.tm_sec))"
        cachedUTCSecond.withLock { $0 = (second, text) }
        return text + "." + fraction + "Z"
    }
}
#endif
