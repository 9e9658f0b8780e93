extension JSONValue: CustomStringConvertible {
    /// Compact JSON text with sorted object keys and every string correctly escaped: quotes,
    /// backslashes and C0 controls (`\"`, `\\`, `\n`, `\u001f`, ...); everything else as UTF-8
    /// (RFC 8259). The signing code's tuned writer writes the same bytes on the hot paths.
    public var jsonString: String {
        var out = ""
        appendText(to: &out)
        return out
    }

    /// The compact JSON text.
    public var description: String { jsonString }

    private func appendText(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if !d.isFinite {
                out += "null"
            } else if d == d.rounded(), abs(d) < 1e15 {
                out += String(Int64(d))
            } else {
                out += "\(d)"
            }
        case .string(let s): JSONValue.appendQuoted(s, to: &out)
        case .array(let a):
            out += "["
            for (index, element) in a.enumerated() {
                if index > 0 { out += "," }
                element.appendText(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (index, member) in o.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out += "," }
                JSONValue.appendQuoted(member.key, to: &out)
                out += ":"
                member.value.appendText(to: &out)
            }
            out += "}"
        }
    }

    private static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let control where control.value < 0x20:
                out += "\\u00" + (control.value < 0x10 ? "0" : "1") + String(control.value & 0xF, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
