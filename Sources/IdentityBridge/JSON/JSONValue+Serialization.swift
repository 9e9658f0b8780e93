extension JSONValue {
    /// Compact JSON text with sorted object keys and every string correctly escaped.
    public var jsonString: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text to `out`.
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSONValue.writeInteger(i, into: &out)
        case .double(let d):
            if d.isFinite {
                if d == d.rounded(), abs(d) < 1e15 { out.append(contentsOf: String(Int64(d)).utf8) }
                else { out.append(contentsOf: "\(d)".utf8) }
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (index, element) in a.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (index, key) in o.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                o[key]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends the decimal digits of `value` (no allocation).
    public static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        withDigits(of: value) { out.append(contentsOf: $0) }
    }

    /// Calls `body` with the decimal text of `value`, formatted in a stack buffer.
    @inline(__always)
    static func withDigits<R>(of value: Int64, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var magnitude = value.magnitude
        // 20 digits hold any UInt64, plus one for the sign; fill from the end.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            var i = 21
            repeat {
                i -= 1
                digits[i] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                i -= 1
                digits[i] = UInt8(ascii: "-")
            }
            return body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: digits[i..<21])))
        }
    }

    /// Appends `s` as a JSON string literal, escaping quotes, backslashes and control characters.
    /// Non-ASCII characters are written as UTF-8 (valid JSON per RFC 8259).
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            forEachEscapedRun(utf8) { out.append(contentsOf: $0) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Calls `emit` with consecutive pieces of the JSON string body for `utf8`: runs of bytes
    /// that need no escaping, and escape sequences (`\"`, `\\`, `\n`, `\u001f`, ...).
    /// Eight bytes are checked at a time for the characters that need escaping.
    @inline(__always)
    static func forEachEscapedRun(_ utf8: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeRawBufferPointer) -> Void) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var start = 0
        var i = 0
        while i < count {
            if i + 8 <= count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let ones: UInt64 = 0x0101_0101_0101_0101
                let control = (w &- 0x2020_2020_2020_2020) & ~w & high
                let q = w ^ 0x2222_2222_2222_2222
                let quote = (q &- ones) & ~q & high
                let b = w ^ 0x5C5C_5C5C_5C5C_5C5C
                let backslash = (b &- ones) & ~b & high
                if control | quote | backslash == 0 { i += 8; continue }
            }
            let c = base[i]
            if c >= 0x20 && c != 0x22 && c != 0x5C { i += 1; continue }
            if start < i { emit(UnsafeRawBufferPointer(start: base + start, count: i - start)) }
            i += 1
            start = i
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { e in
                e[0] = 0x5C
                var n = 2
                switch c {
                case 0x22: e[1] = 0x22
                case 0x5C: e[1] = 0x5C
                case 0x0A: e[1] = UInt8(ascii: "n")
                case 0x0D: e[1] = UInt8(ascii: "r")
                case 0x09: e[1] = UInt8(ascii: "t")
                case 0x08: e[1] = UInt8(ascii: "b")
                case 0x0C: e[1] = UInt8(ascii: "f")
                default:
                    // Other C0 controls: \u00XX with lowercase hex digits.
                    let low = c & 0xF
                    e[1] = UInt8(ascii: "u")
                    e[2] = 0x30
                    e[3] = 0x30
                    e[4] = c >> 4 == 0 ? 0x30 : 0x31
                    e[5] = low < 10 ? 0x30 + low : UInt8(ascii: "a") + low - 10
                    n = 6
                }
                emit(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: e[..<n])))
            }
        }
        if start < count { emit(UnsafeRawBufferPointer(start: base + start, count: count - start)) }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { jsonString }
}
