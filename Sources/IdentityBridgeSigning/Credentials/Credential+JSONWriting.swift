extension Credential {
    /// Appends `json` as compact UTF-8 JSON (the bytes `json.write(into:)` writes, without
    /// building the object for a JWT credential).
    package func writeJSON(into output: inout [UInt8]) {
        switch storage {
        case .jwt(let token):
            output += #"{"jwt":"#.utf8
            JSONValue.writeString(token, into: &output)
            output.append(UInt8(ascii: "}"))
        case .fields(let fields):
            JSONValue.object(fields).write(into: &output)
        }
    }
}
