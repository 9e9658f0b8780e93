import IdentityBridge

/// The `events` route's body: one raw vendor event per line, `{"name": "...", "data": {...}}`, as
/// `identityctl events` reads them; the answer is one JSON line per uniform event, or
/// `{"error": {...}, "line": N}` for a line that cannot be mapped (the other lines still are).
enum VendorEventLines {
    /// The media types the route accepts.
    static let mediaTypes = ["application/x-ndjson", "application/jsonl", "application/json", "text/plain"]

    /// Maps every line of `text`; blank lines are skipped.
    static func map(_ text: String, _ mapEvent: (String, JSONValue) throws(IdentityError) -> [IdentityEvent]) -> String {
        var output = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            do throws(IdentityError) {
                let (name, data) = try VendorEventLine.parse(line, lineNumber: index + 1)
                for event in try mapEvent(name, data) { output += event.json.jsonString + "\n" }
            } catch {
                output += JSONValue.object(["error": error.json, "line": .int(Int64(index + 1))]).jsonString + "\n"
            }
        }
        return output
    }
}
