/// One line of raw vendor events, `{"name": "...", "data": {...}}`, as `identityctl events` and the
/// token service's `events` route read it: one reading, so both answer a line alike.
package enum VendorEventLine {
    /// The vendor event name and data of `line`. `data` is optional, and `null` is the same as absent
    /// (the vendor documents many events whose data is nil): both read as `{}`.
    /// `invalid_value_type` naming `line`, `name` or `data` for anything else.
    package static func parse(_ line: some StringProtocol, lineNumber: Int) throws(IdentityError) -> (name: String, data: JSONValue) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(String(line))
        } catch {
            throw IdentityError(
                .invalidValueType, field: "line", message: "Line \(lineNumber) is not JSON: \(error).",
                recovery: "Write one JSON object per line: {\"name\": \"...\", \"data\": {...}}.")
        }
        guard let object = value.objectValue else {
            throw IdentityError(
                .invalidValueType, field: "line", message: "Line \(lineNumber) is JSON \(value.typeNameWithArticle), not an object.",
                recovery: "Write one JSON object per line: {\"name\": \"...\", \"data\": {...}}.")
        }
        guard let name = object["name"]?.stringValue, !name.isEmpty else {
            throw IdentityError(
                .invalidValueType, field: "name", message: "Line \(lineNumber) has no string \"name\" (the vendor event name).",
                recovery: "Add \"name\": \"<vendor event name>\".")
        }
        var data = object["data"] ?? .object([:])
        if data.isNull { data = .object([:]) }
        guard data.objectValue != nil else {
            throw IdentityError(
                .invalidValueType, field: "data",
                message: "Line \(lineNumber): \"data\" is JSON \(data.typeNameWithArticle), not an object.",
                recovery: "Pass the vendor event's data dictionary as a JSON object.")
        }
        return (name, data)
    }
}
