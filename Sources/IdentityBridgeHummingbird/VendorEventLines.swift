import IdentityBridge

/// The `events` route's body: one raw vendor event per line, `{"name": "...", "data": {...}}`, as
/// `identityctl events` reads them; the answer is one JSON line per uniform event, or
/// `{"error": {...}, "line": N}` for a line that cannot be mapped (the other lines still are).
///
/// The output is bounded as the input is: a line longer than ``maxLineBytes`` (in or out) is
/// answered `value_too_long` (field `line`) instead, and once the output would pass its limit
/// (``outputLimit(bodyLimit:)``) the remaining lines are answered by one `limit_exceeded` line
/// (field `body`) naming the first line left unmapped.
enum VendorEventLines {
    /// The media types the route accepts.
    static let mediaTypes = ["application/x-ndjson", "application/jsonl", "application/json", "text/plain"]

    /// The longest input line and the longest output line, in UTF-8 bytes: 64 KiB.
    static let maxLineBytes = 65_536

    /// The most output for a body limit: twice the limit, and at least 64 KiB.
    static func outputLimit(bodyLimit: Int) -> Int { max(2 * bodyLimit, maxLineBytes) }

    /// Maps every line of `text`, writing at most `outputLimit` bytes (plus the final error line); blank lines are skipped.
    static func map(_ text: String, outputLimit: Int, _ mapEvent: (String, JSONValue) throws(IdentityError) -> [IdentityEvent]) -> String {
        var output = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            var answer = ""
            do throws(IdentityError) {
                guard line.utf8.count <= maxLineBytes else { throw tooLong("The line is over \(maxLineBytes) bytes.") }
                let (name, data) = try VendorEventLine.parse(line, lineNumber: index + 1)
                for event in try mapEvent(name, data) {
                    let json = event.json.jsonString
                    guard json.utf8.count <= maxLineBytes else { throw tooLong("The line's event is over \(maxLineBytes) bytes as JSON.") }
                    answer += json + "\n"
                }
            } catch {
                answer = errorLine(error, index + 1)
            }
            guard output.utf8.count + answer.utf8.count <= outputLimit else {
                let error = IdentityError(
                    .limitExceeded, field: "body", message: "The answer reached its limit of \(outputLimit) bytes at line \(index + 1).",
                    recovery: "Send the lines from line \(index + 1) on in another request.")
                return output + errorLine(error, index + 1)
            }
            output += answer
        }
        return output
    }

    static func tooLong(_ message: String) -> IdentityError {
        IdentityError(.valueTooLong, field: "line", message: message, recovery: "Send one event of at most \(maxLineBytes) bytes per line.")
    }

    static func errorLine(_ error: IdentityError, _ line: Int) -> String {
        JSONValue.object(["error": error.json, "line": .int(Int64(line))]).jsonString + "\n"
    }
}
