#if TokenService
import IdentityBridge

/// The `events` route's body: one raw vendor event per line, `{"name": "...", "data": {...}}`, as
/// `identityctl events` reads them; the answer is one JSON line per uniform event, or
/// `{"error": {...}, "line": N}` for a line that cannot be mapped (the other lines still are).
///
/// The work and the output are bounded as the input is: a line longer than ``maxLineBytes`` (in or
/// out) is answered `value_too_long` (field `line`) instead; at most ``maxEvents`` lines are mapped
/// per request; and once the output would pass its limit (``outputLimit(bodyLimit:)``) or the lines
/// their count, the remaining lines are answered by one `limit_exceeded` line (field `body`) naming
/// the limit and the first line left unmapped.
enum VendorEventLines {
    /// The media types the route accepts.
    static let mediaTypes = ["application/x-ndjson", "application/jsonl", "application/json", "text/plain"]

    /// The longest input line and the longest output line, in UTF-8 bytes: 64 KiB.
    static let maxLineBytes = 65_536

    /// The most lines (events) mapped per request: 100. Past it, one `limit_exceeded` line names the
    /// first line left unmapped, and the rest of the body is not read. With it, the largest body
    /// costs a small multiple of a one-event request (Benchmarks/service-hostile.sh, `events:`).
    static let maxEvents = 100

    /// The most output for a body limit: twice the limit, and at least 64 KiB.
    static func outputLimit(bodyLimit: Int) -> Int { max(2 * bodyLimit, maxLineBytes) }

    /// Maps the lines of `text`, at most `maxEvents` of them, writing at most `outputLimit` bytes (plus
    /// the final error line); blank lines are skipped and not counted.
    static func map(
        _ text: String, outputLimit: Int, maxEvents: Int = maxEvents,
        _ mapEvent: (String, JSONValue) throws(IdentityError) -> [IdentityEvent]
    ) -> String {
        var output = ""
        var mapped = 0
        var lineNumber = 0
        var start = text.startIndex
        // Line by line, without splitting the whole body first: the lines past a limit are never read.
        while start < text.endIndex {
            let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            let line = text[start..<end]
            lineNumber += 1
            start = end < text.endIndex ? text.utf8.index(after: end) : end
            if line.allSatisfy(\.isWhitespace) { continue }
            guard mapped < maxEvents else {
                return output + limitLine("The request reached its limit of \(maxEvents) events at line \(lineNumber).", lineNumber)
            }
            mapped += 1
            var answer = ""
            do throws(IdentityError) {
                guard line.utf8.count <= maxLineBytes else { throw tooLong("The line is over \(maxLineBytes) bytes.") }
                let (name, data) = try VendorEventLine.parse(line, lineNumber: lineNumber)
                for event in try mapEvent(name, data) {
                    let json = event.json.jsonString
                    guard json.utf8.count <= maxLineBytes else { throw tooLong("The line's event is over \(maxLineBytes) bytes as JSON.") }
                    answer += json + "\n"
                }
            } catch {
                answer = errorLine(error, lineNumber)
            }
            guard output.utf8.count + answer.utf8.count <= outputLimit else {
                return output + limitLine("The answer reached its limit of \(outputLimit) bytes at line \(lineNumber).", lineNumber)
            }
            output += answer
        }
        return output
    }

    /// The `limit_exceeded` line that ends an answer at `line`, the first line left unmapped.
    static func limitLine(_ message: String, _ line: Int) -> String {
        let error = IdentityError(
            .limitExceeded, field: "body", message: message, recovery: "Send the lines from line \(line) on in another request.")
        return errorLine(error, line)
    }

    static func tooLong(_ message: String) -> IdentityError {
        IdentityError(.valueTooLong, field: "line", message: message, recovery: "Send one event of at most \(maxLineBytes) bytes per line.")
    }

    static func errorLine(_ error: IdentityError, _ line: Int) -> String {
        JSONValue.object(["error": error.json, "line": .int(Int64(line))]).jsonString + "\n"
    }
}
#endif
